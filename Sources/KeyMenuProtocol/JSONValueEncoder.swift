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
    var kind = Kind.empty
    var members: [String: Node] = [:]
    var elements: [Node] = []

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
      members[key] = node
      return node
    }

    func appended() -> Node {
      makeArray()
      let node = Node()
      elements.append(node)
      return node
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
    switch value {
    case let text as String: node.kind = .scalar(.string(text))
    case let flag as Bool: node.kind = .scalar(.bool(flag))
    case let number as Double: node.kind = .scalar(.number(number))
    case let number as Float: node.kind = .scalar(.number(Double(number)))
    case let number as any BinaryInteger: node.kind = .scalar(.number(Double(number)))
    case let json as JSONValue: node.kind = .scalar(json)
    default: try value.encode(to: NodeEncoder(node: node, codingPath: codingPath))
    }
  }

  struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) { node.child(key.stringValue).kind = .scalar(.null) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
      try JSONValueEncoder.store(value, in: node.child(key.stringValue), codingPath: codingPath + [key])
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

    mutating func encodeNil() { node.appended().kind = .scalar(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
      try JSONValueEncoder.store(value, in: node.appended(), codingPath: codingPath)
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
