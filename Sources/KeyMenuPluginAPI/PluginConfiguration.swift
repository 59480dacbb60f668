/// A plugin's section of the configuration (`[plugins.NAME]`), already parsed.
public struct PluginConfiguration: Hashable, Sendable {
  /// A configuration value.
  public enum Value: Hashable, Sendable {
    case string(String)
    case integer(Int)
    case double(Double)
    case bool(Bool)
    case array([Value])
    case table([String: Value])
  }

  /// The values by key.
  public var values: [String: Value]

  /// Creates a section.
  public init(_ values: [String: Value] = [:]) { self.values = values }

  /// A string value, if the key holds one.
  public func string(_ key: String) -> String? {
    if case .string(let value) = values[key] { value } else { nil }
  }

  /// An integer value, if the key holds one.
  public func integer(_ key: String) -> Int? {
    if case .integer(let value) = values[key] { value } else { nil }
  }

  /// A boolean value, if the key holds one.
  public func bool(_ key: String) -> Bool? {
    if case .bool(let value) = values[key] { value } else { nil }
  }

  /// A number, if the key holds a double or an integer.
  public func double(_ key: String) -> Double? {
    switch values[key] {
    case .double(let value): value
    case .integer(let value): Double(value)
    default: nil
    }
  }

  /// An array of strings, if the key holds one.
  public func strings(_ key: String) -> [String]? {
    guard case .array(let elements) = values[key] else { return nil }
    let strings = elements.compactMap { if case .string(let text) = $0 { text } else { nil } }
    return strings.count == elements.count ? strings : nil
  }
}
