import KeyMenuPluginAPI
import KeyMenuProtocol

extension DaemonCore {
  /// `alert.show`: answered when the person answers, it times out, or it is dismissed.
  func showAlert(_ params: AlertShowParams, _ request: RPCRequest, _ session: ClientSession) throws(RPCError)
    -> JSONValue?
  {
    let buttons = (params.buttons ?? []).isEmpty ? ["OK"] : params.buttons ?? ["OK"]
    if let cancel = params.cancel, !buttons.indices.contains(cancel) {
      throw .invalidParams("no button \(cancel)", field: "cancel")
    }
    if let index = params.defaultButton, !buttons.indices.contains(index) {
      throw .invalidParams("no button \(index)", field: "default")
    }
    if let timeout = params.timeoutMilliseconds, timeout <= 0 {
      throw .invalidParams("must be a positive number of milliseconds", field: "timeout_ms")
    }
    let alert = Alert(
      title: params.title, message: params.message, buttons: buttons, cancel: params.cancel,
      defaultButton: params.defaultButton, timeout: params.timeoutMilliseconds.map { .milliseconds($0) })
    let client = session.client
    let requestID = request.id
    let mailbox = mailbox
    let alertID = alerts.present(alert, owner: session.owner) { answer in
      if let requestID { client.send(.result(id: requestID, JSONValue(answer))) }
      mailbox.post { core in
        if let requestID { core.sessions[client.id]?.pendingAlerts[requestID] = nil }
      }
    }
    if let requestID { session.pendingAlerts[requestID] = alertID }
    return nil
  }

  /// `alert.dismiss`: the owner ends its own alert (answered `dismissed`).
  func dismissAlert(_ params: DismissParams, _ session: ClientSession) throws(RPCError) -> JSONValue {
    let id = try ownedObject(params, in: session.pendingAlerts, what: "alert")
    alerts.dismiss(id)
    return ["dismissed": .string(id)]
  }

  /// Finds the id of one of the client's own alerts or menus, by the request
  /// that showed it or by its id.
  func ownedObject(_ params: DismissParams, in owned: [RPCID: String], what: String) throws(RPCError)
    -> String
  {
    if let request = params.request {
      guard let id = owned[request] else { throw .notFound("no pending \(what) shown by request \(request)") }
      return id
    }
    guard let id = params.id else { throw .invalidParams("give request or id", field: "request") }
    guard owned.values.contains(id) else { throw .notFound("no pending \(what) \(id) of this connection") }
    return id
  }
}
