/// Decodes a `Decodable` value from a parsed ``JSONValue``, for request
/// params: every error is a `DecodingError` whose coding path names the
/// member at fault, so that `-32602` can name it.
///
/// It replaces writing the params out and reading them with Foundation's
/// `JSONDecoder`, which answered a number that does not fit the member's
/// type (`"timeout_ms":1e30`, `2^70`, `1.5` for an integer) with "The given
/// data was not valid JSON." and no path, although the line is valid JSON.
///
/// As `JSONDecoder` does: `null` or a missing member is `nil` for an
/// optional member; an integer member takes a number only when it is whole
/// and fits (`Int` up to 2^53 in magnitude, where a JSON number read as a
/// `Double` is still exact); a `Double` takes any number; nothing is
/// converted between strings, numbers and booleans.
///
/// Clients read the daemon's results and notifications with it too (the
/// protocol's types, decoded from the parsed line).
///
/// A decoder keeps the path of its container and its own key apart, and
/// joins them only when asked (an error, a nested container): a member
/// decoded costs no array of its own. (Made per member, the paths were
/// most of what decoding a `state.changed` cost keymenu-overlay.)
public struct JSONValueDecoder: Decoder {
  let value: JSONValue
  /// The path of the container this value is in, and the value's key in it.
  let parentPath: [any CodingKey]
  let key: (any CodingKey)?
  public var codingPath: [any CodingKey] { key.map { parentPath + [$0] } ?? parentPath }
  public var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(value: JSONValue, codingPath: [any CodingKey]) {
    self.value = value
    self.parentPath = codingPath
    self.key = nil
  }

  init(value: JSONValue, in parentPath: [any CodingKey], at key: any CodingKey) {
    self.value = value
    self.parentPath = parentPath
    self.key = key
  }

  /// Decodes `type` from `value`.
  public static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
    try T(from: JSONValueDecoder(value: value, codingPath: []))
  }

  public func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let members) = value else {
      throw mismatch([String: JSONValue].self)
    }
    return KeyedDecodingContainer(Keyed<Key>(members: members, codingPath: codingPath))
  }

  public func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = value else { throw mismatch([JSONValue].self) }
    return Unkeyed(elements: elements, codingPath: codingPath)
  }

  public func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

  func mismatch(_ type: Any.Type) -> DecodingError {
    if value == .null {
      return .valueNotFound(type, .init(codingPath: codingPath, debugDescription: "found null"))
    }
    return .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "found \(value.kindName)"))
  }

  /// A scalar of `type` (`String`, `Bool`, a number type), or a nested value.
  func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
    switch value {
    case .string(let text) where type == String.self: return text as! T
    case .bool(let flag) where type == Bool.self: return flag as! T
    case .number(let number) where type == Double.self: return number as! T
    case .number(let number) where type == Float.self: return Float(number) as! T
    case .number(let number) where type is any FixedWidthInteger.Type:
      let integerType = type as! any FixedWidthInteger.Type
      guard let integer = Self.integer(number, as: integerType) else {
        throw DecodingError.dataCorrupted(
          .init(codingPath: codingPath, debugDescription: "expected an integer, found \(number)"))
      }
      return integer as! T
    default:
      // A scalar type meeting another kind of value is a mismatch (its own
      // init(from:) would come back here). Compared by identity: a cast
      // to `any FixedWidthInteger.Type` looks the conformance up each time.
      if type == String.self || type == Bool.self || type == Double.self || type == Float.self
        || Self.integerTypes.contains(ObjectIdentifier(type))
      {
        throw mismatch(type)
      }
      return try T(from: self)
    }
  }

  /// The standard library's integer types.
  private static let integerTypes: Set<ObjectIdentifier> = [
    ObjectIdentifier(Int.self), ObjectIdentifier(Int8.self), ObjectIdentifier(Int16.self),
    ObjectIdentifier(Int32.self), ObjectIdentifier(Int64.self), ObjectIdentifier(UInt.self),
    ObjectIdentifier(UInt8.self), ObjectIdentifier(UInt16.self), ObjectIdentifier(UInt32.self),
    ObjectIdentifier(UInt64.self),
  ]

  /// `number` as an `Int` when it is whole and exact (as ``integer(_:as:)``).
  static func exactInt(_ number: Double) -> Int? {
    guard number == number.rounded(), abs(number) <= 9_007_199_254_740_992 else { return nil }
    return Int(exactly: number)
  }

  private static func integer<I: FixedWidthInteger>(_ number: Double, as type: I.Type) -> I? {
    guard number == number.rounded(), abs(number) <= 9_007_199_254_740_992 else { return nil }
    return I(exactly: number)
  }

  private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let codingPath: [any CodingKey]
    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    func decodeNil(forKey key: Key) throws -> Bool {
      guard let member = members[key.stringValue] else {
        throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing"))
      }
      return member == .null
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      guard let member = members[key.stringValue] else {
        throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing"))
      }
      return try JSONValueDecoder(value: member, in: codingPath, at: key).decodeValue(type)
    }

    // The scalar members, read straight from the value: through the generic
    // `decode` each one cost metadata and conformance lookups at run time,
    // most of what decoding a `state.changed` cost. Anything else (a
    // mismatch, a number that is not a whole one) takes the generic path,
    // and its error.
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
      if case .string(let text)? = members[key.stringValue] { return text }
      return try decode(type, generic: key)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
      if case .bool(let flag)? = members[key.stringValue] { return flag }
      return try decode(type, generic: key)
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
      if case .number(let number)? = members[key.stringValue], let integer = JSONValueDecoder.exactInt(number)
      {
        return integer
      }
      return try decode(type, generic: key)
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
      switch members[key.stringValue] {
      case nil, .null?: return nil
      case .string(let text)?: return text
      default: return try decode(type, generic: key)
      }
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
      switch members[key.stringValue] {
      case nil, .null?: return nil
      case .number(let number)?: if let integer = JSONValueDecoder.exactInt(number) { return integer }
      default: break
      }
      return try decode(type, generic: key)
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
      switch members[key.stringValue] {
      case nil, .null?: return nil
      case .bool(let flag)?: return flag
      default: return try decode(type, generic: key)
      }
    }

    /// The generic path for a scalar the fast paths did not take.
    private func decode<T: Decodable>(_ type: T.Type, generic key: Key) throws -> T {
      guard let member = members[key.stringValue] else {
        throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing"))
      }
      return try JSONValueDecoder(value: member, in: codingPath, at: key).decodeValue(type)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
      guard let member = members[key.stringValue], member != .null else { return nil }
      return try JSONValueDecoder(value: member, in: codingPath, at: key).decodeValue(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
      -> KeyedDecodingContainer<NestedKey>
    {
      try decoder(for: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      try decoder(for: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
      JSONValueDecoder(value: .object(members), codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { try decoder(for: key) }

    private func decoder(for key: Key) throws -> JSONValueDecoder {
      guard let member = members[key.stringValue] else {
        throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing"))
      }
      return JSONValueDecoder(value: member, in: codingPath, at: key)
    }
  }

  private struct Unkeyed: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    mutating func decodeNil() throws -> Bool {
      guard !isAtEnd, elements[currentIndex] == .null else { return false }
      currentIndex += 1
      return true
    }

    mutating func decode(_ type: String.Type) throws -> String {
      if !isAtEnd, case .string(let text) = elements[currentIndex] {
        currentIndex += 1
        return text
      }
      let decoder = try next(type)
      let value = try decoder.decodeValue(type)
      currentIndex += 1
      return value
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
      let decoder = try next(type)
      let value = try decoder.decodeValue(type)
      currentIndex += 1
      return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
      -> KeyedDecodingContainer<NestedKey>
    {
      let container = try next(type).container(keyedBy: type)
      currentIndex += 1
      return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
      let container = try next([JSONValue].self).unkeyedContainer()
      currentIndex += 1
      return container
    }

    mutating func superDecoder() throws -> any Decoder {
      let decoder = try next(JSONValue.self)
      currentIndex += 1
      return decoder
    }

    private func next(_ type: Any.Type) throws -> JSONValueDecoder {
      guard !isAtEnd else {
        throw DecodingError.valueNotFound(
          type, .init(codingPath: codingPath + [IndexKey(currentIndex)], debugDescription: "the array ends"))
      }
      return JSONValueDecoder(value: elements[currentIndex], in: codingPath, at: IndexKey(currentIndex))
    }
  }

  private struct Single: SingleValueDecodingContainer {
    let decoder: JSONValueDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.value == .null }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(type) }
  }

  /// An array element's place in a coding path.
  struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
  }
}

extension JSONValue {
  /// What kind of JSON value this is, for an error message: `a string`, `an object`, ...
  var kindName: String {
    switch self {
    case .null: "null"
    case .bool: "true or false"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
