import KeyMenuPluginAPI
import KeyMenuProtocol
import Logging

/// The alerts plugin's socket methods: `alert.show`, answered when a person
/// answers, it times out or it is dismissed, and `alert.dismiss`. A client's
/// alerts are kept by the request that showed them (``RequestBook``) and
/// dismissed when its connection closes.
extension AlertsPlugin {
  /// What the descriptor declares.
  nonisolated static let methods: [PluginMethod<AlertsPlugin>] = [
    .init("alert.show", tier: .drive, answeredLater: true) { plugin, host, call throws(RPCError) in
      try plugin.show(call, host: host)
    },
    .init("alert.dismiss", tier: .drive) { plugin, host, call throws(RPCError) in
      try plugin.dismiss(call, logger: host.logger)
    },
  ]

  func registerMethods(with host: any PluginHost) {
    host.handle(Self.methods, for: self)
    _ = host.observe(.connectionClosed, tier: .passive) { [weak self] notification in
      guard let self, let closed = notification.payload(as: ConnectionClosed.self) else { return .pass }
      for id in self.requests.takeAll(of: closed.connection) { self.dismiss(id) }
      return .pass
    }
    // Whose alert is whose, for keys a client presses on its own (modal.press).
    host.service(ModalOwnership.self)?.register(name) { [weak self] connection, target in
      self?.requests.object(of: connection, named: target)
    }
  }

  /// `alert.show`: the answer is the response (``AlertShowResult``).
  private func show(_ call: MethodCall, host: any PluginHost) throws(RPCError) -> JSONValue? {
    // Titles, message and buttons are checked with the params (AlertShowParams.check).
    let params = try call.checkedParams(as: AlertShowParams.self)
    var alert = try Self.alert(from: params)
    alert.answerKeys = try AnswerKeys.resolve(params.answerKeys, host: host)
    alert.devices = params.devices ?? []
    try call.holdWhileWaiting(bytes: params.heldBytes)
    let key = call.requestID.map { RequestBook.Key(connection: call.caller.connection, request: $0) }
    let reply = call.reply
    let id = present(alert, owner: call.caller.owner) { [weak self] answer in
      // Forgotten after what the engine is doing now, as the daemon forgets
      // the request: an alert.dismiss already on its way finds it answered.
      let plugin = self
      if let key { host.perform { _ = plugin?.requests.ended(key) } }
      reply?.answer(JSONValue(encoding: AlertShowResult(answer)))
    }
    if let key { requests.started(key, object: id) }
    return nil
  }

  /// The alert `params` describe; `-32602` for a button index out of range
  /// or a timeout that is not positive.
  static func alert(from params: AlertShowParams) throws(RPCError) -> Alert {
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
    return Alert(
      title: params.title, message: params.message, buttons: buttons, cancel: params.cancel,
      defaultButton: params.defaultButton,
      timeout: params.timeoutMilliseconds.map { Duration.milliseconds($0) }, keys: params.keys,
      wakeTV: params.wakeTV)
  }

  /// `alert.dismiss`: the owner ends its own alert (answered `dismissed`); an
  /// admin may end anyone's by id.
  private func dismiss(_ call: MethodCall, logger: Logger) throws(RPCError) -> JSONValue? {
    let params = try call.checkedParams(as: DismissParams.self)
    let caller = call.caller
    let owned = { (id: String) in self.requests.connection(caller.connection, owns: id) }
    if params.request == nil, let id = params.id, !owned(id) {
      guard caller.tier == .admin else {
        throw .notFound("no pending alert \(id) of this connection (another client's needs the admin tier)")
      }
      guard dismiss(id) else { throw .notFound("no pending alert \(id)") }
      logger.notice("client:\(caller.connection) (admin) dismissed alert \(id) of another owner")
      return JSONValue(encoding: AlertDismissResult(dismissed: id))
    }
    let id: String
    if let request = params.request {
      let key = RequestBook.Key(connection: caller.connection, request: request)
      guard let found = requests.object(for: key) else {
        throw .notFound("no pending alert shown by request \(request)")
      }
      id = found
    } else {
      guard let given = params.id else { throw .invalidParams("give request or id", field: "request") }
      guard owned(given) else { throw .notFound("no pending alert \(given) of this connection") }
      id = given
    }
    // Answered meanwhile (a key, its timeout) while this request waited.
    guard dismiss(id) else { throw .notFound("alert \(id) was already answered") }
    return JSONValue(encoding: AlertDismissResult(dismissed: id))
  }
}
