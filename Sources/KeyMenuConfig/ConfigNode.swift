/// A TOML value as the checks read it, with the place it was written.
///
/// Made from ``KeyMenuTOML/TOMLParser``'s tree: the order the keys were
/// written in and a ``ConfigLocation`` on every key and value, kept also
/// after drop-ins are merged.
struct ConfigNode: Sendable {
  /// The value itself.
  indirect enum Value: Sendable {
    case string(String)
    case integer(Int)
    case float(Double)
    case boolean(Bool)
    /// Entries in the order they were written.
    case table([ConfigEntry])
    case array([ConfigNode])
    /// A date or time, which no keymenu setting takes; the name of its type.
    case other(String)
  }

  var value: Value
  /// Where the value starts.
  var location: ConfigLocation

  /// "a string", "an integer", ... for messages.
  var typeName: String {
    switch value {
    case .string: "a string"
    case .integer: "an integer"
    case .float: "a floating-point number"
    case .boolean: "a boolean"
    case .table: "a table"
    case .array: "an array"
    case .other(let name): "a \(name)"
    }
  }

  /// The entries when this is a table.
  var entries: [ConfigEntry]? {
    if case .table(let entries) = value { entries } else { nil }
  }
}

/// One `key = value` of a table.
struct ConfigEntry: Sendable {
  var key: String
  /// Where the key (or the header that made it) starts.
  var keyLocation: ConfigLocation
  var node: ConfigNode
}
