/// Encodes an `Encodable` value to a ``JSONValue``: the counterpart of
/// ``JSONValueDecoder``, so that the protocol's typed params, results and
/// notifications become the value ``JSONWriter`` writes, with no text in
/// between. Written by hand because Foundation's `JSONEncoder` produces
/// text (and would bring Foundation into every client).
///
/// As `JSONEncoder` does: a `nil` optional encoded with `encodeIfPresent`
/// (what synthesized conformances use) leaves the member out; `encodeNil`
/// writes `null`. Numbers become ``JSONValue/number(_:)``; integers beyond
/// 2^53 lose precision, as in any JSON reader that reads numbers as doubles.
public struct JSONValueEncoder {
  /// Creates an encoder.
  public init() {}

  /// The value `value` encodes to.
  public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
    let root = Node()
    try value.encode(to: NodeEncoder(node: root, codingPath: []))
    return root.value
  }

  /// One value being built; containers add children to it.
  final class Node {
    enum Kind { case empty, scalar(JSONValue), object, array }
    /// A member or element: a finished scalar (no node to allocate, the
    /// common case), or a node still being built.
    enum Child {
      case value(JSONValue)
      case node(Node)

      var value: JSONValue {
        switch self {
        case .value(let value): value
        case .node(let node): node.value
        }
      }
    }
    var kind = Kind.empty
    var members: [String: Child] = [:]
    var elements: [Child] = []

    var value: JSONValue {
      switch kind {
      case .empty: .object([:])
      case .scalar(let value): value
      case .object: .object(members.mapValues(\.value))
      case .array: .array(elements.map(\.value))
      }
    }

    func makeObject() { if case .object = kind {} else { kind = .object } }
    func makeArray() { if case .array = kind {} else { kind = .array } }

    func child(_ key: String) -> Node {
      makeObject()
      let node = Node()
      members[key] = .node(node)
      return node
    }

    func appended() -> Node {
      makeArray()
      let node = Node()
      elements.append(.node(node))
      return node
    }

    func set(_ key: String, _ value: JSONValue) {
      makeObject()
      members[key] = .value(value)
    }

    func append(_ value: JSONValue) {
      makeArray()
      elements.append(.value(value))
    }
  }

  struct NodeEncoder: Encoder {
    let node: Node
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
      node.makeObject()
      return KeyedEncodingContainer(Keyed<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
      node.makeArray()
      return Unkeyed(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
      Single(node: node, codingPath: codingPath)
    }
  }

  /// Stores `value` in `node`: a scalar directly, anything else through its own `encode(to:)`.
  static func store<T: Encodable>(_ value: T, in node: Node, codingPath: [any CodingKey]) throws {
    if let scalar = scalar(value) {
      node.kind = .scalar(scalar)
    } else {
      try value.encode(to: NodeEncoder(node: node, codingPath: codingPath))
    }
  }

  /// `value` as a JSON scalar, if it is one (or a ``JSONValue`` already).
  ///
  /// Cast to each integer type by name rather than to `any BinaryInteger`:
  /// a cast to a protocol makes the runtime look for `T`'s conformance in
  /// every conformance record the binary has (about 6,500) the first time
  /// it meets `T`, and a drop-in encodes a dozen types once each (8 % of
  /// `keymenu-whiptail`'s start to its first box in perf).
  static func scalar<T: Encodable>(_ value: T) -> JSONValue? {
    switch value {
    case let text as String: .string(text)
    case let flag as Bool: .bool(flag)
    case let number as Int: .number(Double(number))
    case let number as Double: .number(number)
    case let number as Float: .number(Double(number))
    case let json as JSONValue: json
    case let number as UInt32: .number(Double(number))
    case let number as Int64: .number(Double(number))
    case let number as UInt64: .number(Double(number))
    case let number as Int32: .number(Double(number))
    case let number as UInt: .number(Double(number))
    case let number as UInt16: .number(Double(number))
    case let number as Int16: .number(Double(number))
    case let number as UInt8: .number(Double(number))
    case let number as Int8: .number(Double(number))
    default: nil
    }
  }

  struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) { node.set(key.stringValue, .null) }

    // The scalars synthesized conformances write most, without a cast.
    mutating func encode(_ value: String, forKey key: Key) { node.set(key.stringValue, .string(value)) }
    mutating func encode(_ value: Bool, forKey key: Key) { node.set(key.stringValue, .bool(value)) }
    mutating func encode(_ value: Int, forKey key: Key) { node.set(key.stringValue, .number(Double(value))) }
    mutating func encode(_ value: Double, forKey key: Key) { node.set(key.stringValue, .number(value)) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
      if let scalar = JSONValueEncoder.scalar(value) { return node.set(key.stringValue, scalar) }
      try value.encode(to: NodeEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
      -> KeyedEncodingContainer<NestedKey>
    {
      let child = node.child(key.stringValue)
      child.makeObject()
      return KeyedEncodingContainer(Keyed<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      let child = node.child(key.stringValue)
      child.makeArray()
      return Unkeyed(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
      NodeEncoder(node: node.child("super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
      NodeEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key])
    }
  }

  struct Unkeyed: UnkeyedEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]
    var count: Int { node.elements.count }

    mutating func encodeNil() { node.append(.null) }

    mutating func encode(_ value: String) { node.append(.string(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
      if let scalar = JSONValueEncoder.scalar(value) { return node.append(scalar) }
      try value.encode(to: NodeEncoder(node: node.appended(), codingPath: codingPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
      -> KeyedEncodingContainer<NestedKey>
    {
      let child = node.appended()
      child.makeObject()
      return KeyedEncodingContainer(Keyed<NestedKey>(node: child, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      let child = node.appended()
      child.makeArray()
      return Unkeyed(node: child, codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.appended(), codingPath: codingPath) }
  }

  struct Single: SingleValueEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil() { node.kind = .scalar(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
      try JSONValueEncoder.store(value, in: node, codingPath: codingPath)
    }
  }
}
