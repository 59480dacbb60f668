extension KeyedEncodingContainer {
  /// Writes `value`, or `null` when it is nil: for members the protocol
  /// always has (`"cancel":null`), where a synthesized conformance would
  /// leave them out.
  mutating func encodeOrNull<T: Encodable>(_ value: T?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
  }
}
