/// Params that are checked as a whole once decoded, before the method runs:
/// every text a person may be shown or a log may hold goes through
/// ``RequestLimits``. Each method's params list their texts in their own
/// `check()`, next to their members, so a new member is checked where the
/// others are.
public protocol CheckedParams: Codable, Sendable {
  /// `-32602` naming the first member at fault.
  func check() throws(RPCError)
}

extension RPCRequest {
  /// The params decoded as `T` straight from the parsed ``JSONValue`` (one
  /// parse of the line, no text in between) and checked (``CheckedParams``);
  /// `-32602` naming the member otherwise.
  public func checkedParams<T: CheckedParams>(as type: T.Type) throws(RPCError) -> T {
    let params = try decodeParams(as: type)
    try params.check()
    return params
  }
}
