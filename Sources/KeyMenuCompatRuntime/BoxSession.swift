public import KeyMenuClient
public import KeyMenuCompat
public import KeyMenuProtocol

/// Asks keymenud for one box and waits for its answer: the request of a
/// ``DialogPlan`` on a connection, its answer read back as the box's
/// outcome.
public struct BoxSession {
  /// The connection.
  public let connection: DaemonConnection
  /// What to ask.
  public let plan: DialogPlan

  /// A session.
  public init(connection: DaemonConnection, plan: DialogPlan) {
    self.connection = connection
    self.plan = plan
  }

  /// Sends the request; its id is what ``outcome(of:)`` waits for. A long
  /// menu goes in parts (`menu.open` with `more`, then `menu.append`).
  public func send() throws(ClientFailure) -> RPCID {
    if plan.method == "menu.open", let params = try? plan.params.decoded(as: MenuOpenParams.self) {
      return try connection.sendMenu(params)
    }
    return try connection.send(plan.method, plan.params)
  }

  /// The outcome of the response to `id`.
  public func outcome(of response: Result<JSONValue, RPCError>) throws(ClientFailure) -> DialogOutcome {
    let value = try response.orFail()
    guard let outcome = plan.outcome(value) else {
      throw ClientFailure("the daemon's answer to \(plan.method) is not one this program reads")
    }
    return outcome
  }

  /// Asks and waits: the outcome.
  public func run() throws(ClientFailure) -> DialogOutcome {
    try outcome(of: connection.response(to: send()))
  }
}
