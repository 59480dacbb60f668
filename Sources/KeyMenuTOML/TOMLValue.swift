/// A TOML value with the place it was written.
public struct TOMLValue: Sendable {
  /// What the value is.
  public indirect enum Kind: Sendable {
    /// A string of any of TOML's four kinds, escapes decoded.
    case string(String)
    /// An integer, which TOML bounds to 64 bits.
    case integer(Int64)
    /// A floating-point number, including `inf` and `nan`.
    case float(Double)
    /// `true` or `false`.
    case boolean(Bool)
    /// An offset or local date-time, a local date or a local time.
    case dateTime(TOMLDateTime)
    /// An array; its elements may be of different kinds (TOML 1.0).
    case array([TOMLValue])
    /// A table, from a header, an inline table, a dotted key or an array of tables.
    case table(TOMLTable)
  }

  /// What the value is.
  public var kind: Kind
  /// Where the value starts: its first character, or for a table made by a
  /// `[header]` or `[[header]]`, the header's `[`; for a table made only by
  /// dotted keys, the key that made it.
  public var position: TOMLPosition

  /// Creates a value.
  public init(_ kind: Kind, at position: TOMLPosition) {
    self.kind = kind
    self.position = position
  }
}

/// A TOML table: its entries in the order their keys were first written.
public struct TOMLTable: Sendable {
  /// The entries, in the order their keys first appear in the text.
  public var entries: [TOMLEntry]

  /// Creates a table.
  public init(_ entries: [TOMLEntry] = []) { self.entries = entries }

  /// The value of `key`, if the table has it.
  public subscript(key: String) -> TOMLValue? { entries.first { $0.key == key }?.value }
}

/// One key of a table and its value.
public struct TOMLEntry: Sendable {
  /// The key, unquoted and unescaped.
  public var key: String
  /// Where the key was first written (in a dotted key or header, this part of it).
  public var keyPosition: TOMLPosition
  /// The value.
  public var value: TOMLValue

  /// Creates an entry.
  public init(key: String, keyPosition: TOMLPosition, value: TOMLValue) {
    self.key = key
    self.keyPosition = keyPosition
    self.value = value
  }
}
