/// A D-Bus value as the Notify plugin sends and reads it: the few types the
/// notification interface uses.
enum BusValue: Hashable, Sendable {
  /// `y`
  case byte(UInt8)
  /// `b`
  case bool(Bool)
  /// `i`
  case int32(Int32)
  /// `u`
  case uint32(UInt32)
  /// `s`
  case string(String)
  /// `as`
  case strings([String])
  /// `a{sv}`: a dictionary of variants (hints); sent in key order.
  case variants([String: BusValue])

  /// The value's D-Bus type signature.
  var signature: String {
    switch self {
    case .byte: "y"
    case .bool: "b"
    case .int32: "i"
    case .uint32: "u"
    case .string: "s"
    case .strings: "as"
    case .variants: "a{sv}"
    }
  }

  /// The number, if the value is a `u`.
  var uint32: UInt32? { if case .uint32(let value) = self { value } else { nil } }

  /// The text, if the value is an `s`.
  var string: String? { if case .string(let value) = self { value } else { nil } }
}
