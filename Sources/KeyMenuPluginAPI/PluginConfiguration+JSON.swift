public import KeyMenuProtocol

extension JSONValue {
  /// A configuration value as JSON, so that a plugin reads a configured
  /// action with the same Codable params as the socket method it mirrors.
  public init(_ value: PluginConfiguration.Value) {
    switch value {
    case .string(let text): self = .string(text)
    case .integer(let integer): self = .int(integer)
    case .double(let double): self = .number(double)
    case .bool(let bool): self = .bool(bool)
    case .array(let values): self = .array(values.map(JSONValue.init))
    case .table(let entries): self = .object(entries.mapValues(JSONValue.init))
    }
  }
}
