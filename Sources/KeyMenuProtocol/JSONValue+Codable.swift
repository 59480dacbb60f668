extension JSONValue {
  /// The protocol type `value` as JSON (``JSONValueEncoder``), ready for
  /// ``JSONWriter``: how the daemon writes its results and notifications.
  /// The protocol's types never fail to encode; a type that throws gives
  /// `{}`.
  public init(encoding value: some Encodable) {
    self = (try? JSONValueEncoder().encode(value)) ?? .object([:])
  }

  /// This value read as `type` (``JSONValueDecoder``): how clients read
  /// results and notifications from the parsed line.
  public func decoded<T: Decodable>(as type: T.Type = T.self) throws -> T {
    try JSONValueDecoder.decode(type, from: self)
  }
}
