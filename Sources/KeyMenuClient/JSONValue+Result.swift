public import KeyMenuProtocol

extension JSONValue {
  /// This result read as the protocol's type `type` (KeyMenuProtocol); a
  /// failure (exit 255) naming `method` when it is not one, as from a
  /// daemon that speaks another version of the protocol.
  public func read<T: Decodable>(as type: T.Type, from method: String) throws(ClientFailure) -> T {
    do {
      return try decoded(as: type)
    } catch {
      throw ClientFailure("the daemon's answer to \(method) is not one this keymenuctl reads: \(error)")
    }
  }
}
