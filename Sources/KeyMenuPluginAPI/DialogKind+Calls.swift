import KeyMenuCore
public import KeyMenuProtocol

extension DialogKind where Machine.Answer: Encodable {
  /// Shows `machine` for a `<kind>.show` call and answers the call with
  /// the dialog's answer when it ends; the call's request names the dialog
  /// for `<kind>.dismiss` and the like. `heldBytes` of text are counted
  /// against the caller's holdings while it waits.
  ///
  /// - Throws: `-32601` while the plugin is stopping; `-32007` past a holding bound.
  public func present(
    _ machine: Machine, for call: MethodCall, heldBytes: Int, picture: @escaping Picture
  ) throws(RPCError) {
    guard host != nil else {
      throw RPCError(code: -32601, message: "\(call.method) is not available: the \(name) plugin is stopping")
    }
    try call.holdWhileWaiting(bytes: heldBytes)
    let key = call.requestID.map { RequestBook.Key(connection: call.caller.connection, request: $0) }
    let reply = call.reply
    present(machine, on: key, picture: picture) { [weak self] (answer: Machine.Answer, device: DeviceID?) in
      self?.forget(key)
      reply?.answer(JSONValue(encoding: answer).answered(by: device))
    }
  }

  /// Serves `<kind>.dismiss`-like calls: the caller's dialog, named by
  /// request or id (``DismissParams``), ends with `answer`; the response is
  /// `{"<word>":id}`.
  public func end(
    for call: MethodCall, with answer: Machine.Answer, word: String = "dismissed"
  ) throws(RPCError) -> JSONValue {
    let id = try id(of: call.checkedParams(as: DismissParams.self), for: call.caller)
    guard end(id, with: answer) else { throw .notFound("\(name) \(id) has already ended") }
    return [word: .string(id)]
  }
}
