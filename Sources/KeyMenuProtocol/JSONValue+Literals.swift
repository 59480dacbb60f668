extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
  /// A string.
  public init(stringLiteral value: String) { self = .string(value) }
  /// A number.
  public init(integerLiteral value: Int) { self = .number(Double(value)) }
  /// A boolean.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  /// An array.
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  /// An object.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
  }
  /// `null`.
  public init(nilLiteral: ()) { self = .null }

  /// A whole number.
  public static func int(_ value: some BinaryInteger) -> JSONValue { .number(Double(value)) }

  /// A string, or `null`.
  public static func optional(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }

  /// This object with `extra`'s members added (replacing same-named ones);
  /// any other value is returned unchanged.
  public func merging(_ extra: [String: JSONValue]) -> JSONValue {
    guard case .object(let members) = self else { return self }
    return .object(members.merging(extra) { $1 })
  }

  /// The member `key` of an object.
  public subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  /// The string inside, if this is one.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The whole number inside, if this is one.
  public var intValue: Int? {
    if case .number(let value) = self, let exact = Int(exactly: value) { return exact }
    return nil
  }

  /// The elements inside, if this is an array.
  public var arrayValue: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The boolean inside, if this is one.
  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }
}

extension RPCID {
  /// The id as JSON.
  public var jsonValue: JSONValue {
    switch self {
    case .number(let value): .int(value)
    case .string(let value): .string(value)
    }
  }
}
