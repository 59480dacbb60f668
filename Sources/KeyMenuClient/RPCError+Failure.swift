public import KeyMenuProtocol

/// A daemon's error answer turned into the client's failure (exit 255):
/// "refused" only where the daemon did refuse (the tier, a limit, too many
/// clients); otherwise what it said.
extension RPCError {
  /// The failure a client reports for this error.
  public var failure: ClientFailure {
    switch code {
    case -32001, -32003, -32007: ClientFailure("the daemon refused: \(message) (\(code))")
    case -32004:
      ClientFailure("\(message) (\(code)); `keymenuctl selectors` and `keymenuctl state` list what exists")
    default: ClientFailure("\(message) (\(code))")
    }
  }
}

extension Result where Success == JSONValue, Failure == RPCError {
  /// The result, or the refusal as a ``ClientFailure``.
  public func orFail() throws(ClientFailure) -> JSONValue {
    switch self {
    case .success(let value): return value
    case .failure(let error): throw error.failure
    }
  }
}
