/// The `Encoder` of one slot (a place where one value goes) of an
/// ``OrderedJSONEncoder`` call: the slot's level of nesting and its number.
struct StreamEncoder: Encoder {
  let sink: StreamSink
  let level: Int
  let slot: Int
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    sink.open(slot, level: level, isObject: true)
    return KeyedEncodingContainer(StreamKeyed<Key>(sink: sink, level: level, slot: slot))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    sink.open(slot, level: level, isObject: false)
    return StreamUnkeyed(sink: sink, level: level, slot: slot)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    StreamSingle(sink: sink, level: level, slot: slot)
  }
}

/// An object being written: members go out as they come, in order.
struct StreamKeyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let sink: StreamSink
  let level: Int
  let slot: Int
  var codingPath: [any CodingKey] { [] }

  func encodeNil(forKey key: Key) throws {
    try sink.beginMember(key.stringValue, of: slot, level: level)
    try sink.write(.null, level: level + 1)
  }

  // The scalars the protocol's types write most, without a cast.
  func encode(_ value: String, forKey key: Key) throws {
    try sink.beginMember(key.stringValue, of: slot, level: level)
    sink.writer.write(string: value)
  }

  func encode(_ value: Bool, forKey key: Key) throws {
    try sink.beginMember(key.stringValue, of: slot, level: level)
    sink.writer.append(value ? "true" : "false")
  }

  func encode(_ value: Int, forKey key: Key) throws {
    let name = key.stringValue
    try sink.beginMember(name, of: slot, level: level)
    try sink.write(integer: value, key: name, objectLevel: level)
  }

  func encode(_ value: Double, forKey key: Key) throws {
    try sink.beginMember(key.stringValue, of: slot, level: level)
    try sink.write(.number(value), level: level + 1)
  }

  func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try sink.beginMember(key.stringValue, of: slot, level: level)
    try sink.writeSlot(value, level: level + 1)
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
    -> KeyedEncodingContainer<NestedKey>
  {
    let nested = sink.newSlot()
    do {
      try sink.beginMember(key.stringValue, of: slot, level: level)
      sink.open(nested, level: level + 1, isObject: true)
    } catch {
      sink.fail(error)
    }
    return KeyedEncodingContainer(StreamKeyed<NestedKey>(sink: sink, level: level + 1, slot: nested))
  }

  func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let nested = sink.newSlot()
    do {
      try sink.beginMember(key.stringValue, of: slot, level: level)
      sink.open(nested, level: level + 1, isObject: false)
    } catch {
      sink.fail(error)
    }
    return StreamUnkeyed(sink: sink, level: level + 1, slot: nested)
  }

  func superEncoder() -> any Encoder {
    sink.fail(.unsupported)
    return StreamEncoder(sink: sink, level: level + 1, slot: sink.newSlot())
  }

  func superEncoder(forKey key: Key) -> any Encoder { superEncoder() }
}

/// An array being written, element by element.
struct StreamUnkeyed: UnkeyedEncodingContainer {
  let sink: StreamSink
  let level: Int
  let slot: Int
  var codingPath: [any CodingKey] { [] }
  var count: Int { sink.isOpen(slot, level: level) ? sink.frames[level].count : 0 }

  func encodeNil() throws {
    try sink.beginElement(of: slot, level: level)
    try sink.write(.null, level: level + 1)
  }

  func encode(_ value: String) throws {
    try sink.beginElement(of: slot, level: level)
    sink.writer.write(string: value)
  }

  func encode<T: Encodable>(_ value: T) throws {
    try sink.beginElement(of: slot, level: level)
    try sink.writeSlot(value, level: level + 1)
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
    NestedKey
  > {
    let nested = sink.newSlot()
    do {
      try sink.beginElement(of: slot, level: level)
      sink.open(nested, level: level + 1, isObject: true)
    } catch {
      sink.fail(error)
    }
    return KeyedEncodingContainer(StreamKeyed<NestedKey>(sink: sink, level: level + 1, slot: nested))
  }

  func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let nested = sink.newSlot()
    do {
      try sink.beginElement(of: slot, level: level)
      sink.open(nested, level: level + 1, isObject: false)
    } catch {
      sink.fail(error)
    }
    return StreamUnkeyed(sink: sink, level: level + 1, slot: nested)
  }

  func superEncoder() -> any Encoder {
    sink.fail(.unsupported)
    return StreamEncoder(sink: sink, level: level + 1, slot: sink.newSlot())
  }
}

/// The one value of a slot.
struct StreamSingle: SingleValueEncodingContainer {
  let sink: StreamSink
  let level: Int
  let slot: Int
  var codingPath: [any CodingKey] { [] }

  func encodeNil() throws { try sink.write(scalar: .null, slot: slot, level: level) }

  func encode<T: Encodable>(_ value: T) throws {
    if let scalar = JSONValueEncoder.scalar(value) {
      return try sink.write(scalar: scalar, slot: slot, level: level)
    }
    // Another type's own encoding of the same slot (a wrapper's `encode(to:)`).
    try value.encode(to: StreamEncoder(sink: sink, level: level, slot: slot))
  }
}
