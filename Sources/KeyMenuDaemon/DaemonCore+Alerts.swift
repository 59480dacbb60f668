import AlertsPlugin
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuServer
import Logging

extension DaemonCore {
  /// `alert.show`: answered when the person answers, it times out, or it is dismissed.
  func showAlert(_ params: AlertShowParams, _ request: RPCRequest, _ session: ClientSession) throws(RPCError)
    -> JSONValue?
  {
    // Titles, message and buttons were checked with the params (RequestParams+Checks.swift).
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
    if let requestID {
      try holdings.reserve(
        .request(client: client.id, id: requestID),
        .init(uid: client.credentials.uid, kind: .waiting, bytes: params.heldBytes))
    }
    let mailbox = mailbox
    let alertID = alerts.present(alert, owner: session.owner) { answer in
      // Forgotten before the answer goes out, so that a request the client
      // sends after the answer (reusing the id) finds it gone.
      mailbox.post { core in
        guard let requestID else { return }
        core.sessions[client.id]?.pendingAlerts[requestID] = nil
        core.holdings.release(.request(client: client.id, id: requestID))
      }
      if let requestID { client.send(.result(id: requestID, JSONValue(answer))) }
    }
    if let requestID { session.pendingAlerts[requestID] = alertID }
    return nil
  }

  /// `alert.dismiss`: the owner ends its own alert (answered `dismissed`); an
  /// admin may end anyone's by id.
  func dismissAlert(_ params: DismissParams, _ session: ClientSession) throws(RPCError) -> JSONValue {
    if let id = try othersObject(params, in: session.pendingAlerts, session, what: "alert") {
      guard alerts.dismiss(id) else { throw .notFound("no pending alert \(id)") }
      logger.notice("client:\(session.client.id) (admin) dismissed alert \(id) of another owner")
      return ["dismissed": .string(id)]
    }
    let id = try ownedObject(params, in: session.pendingAlerts, what: "alert")
    // Answered meanwhile (a key, its timeout) while this request waited in the mailbox.
    guard alerts.dismiss(id) else { throw .notFound("alert \(id) was already answered") }
    return ["dismissed": .string(id)]
  }

  /// The id an admin names that is not one of its own objects (nil otherwise:
  /// then only the client's own objects count).
  func othersObject(
    _ params: DismissParams, in owned: [RPCID: String], _ session: ClientSession, what: String
  )
    throws(RPCError) -> String?
  {
    guard params.request == nil, let id = params.id, !owned.values.contains(id) else { return nil }
    guard session.client.tier == .admin else {
      throw .notFound("no pending \(what) \(id) of this connection (another client's needs the admin tier)")
    }
    return id
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
