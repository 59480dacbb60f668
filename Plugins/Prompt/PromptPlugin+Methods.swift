import KeyMenuPluginAPI
import KeyMenuProtocol
import Synchronization

/// The prompt plugin's socket surface: `prompt.show`, answered when the
/// prompt ends, `prompt.dismiss`, and the dialog notifications subscribers
/// of `dialog` get. A client's prompts are kept by the request that showed
/// them (``RequestBook``) and dismissed when its connection closes.
extension PromptPlugin {
  /// What the descriptor declares.
  static let methods = [
    MethodDeclaration("prompt.show", tier: .drive, answeredLater: true),
    MethodDeclaration("prompt.dismiss", tier: .drive),
  ]

  /// `dialog.shown`, `dialog.updated` (the prompt's picture, bullets for a
  /// masked text) and `dialog.closed`, under the topic every dialog-family
  /// kind shares: the daemon keys declared notifications by name, so the
  /// kinds that post these generic ones declare them alike.
  static let notifications = [
    NotificationDeclaration(.dialogShown, topic: "dialog") {
      $0.payload(as: DialogSnapshot.self).map(DialogState.init)
    },
    NotificationDeclaration(.dialogUpdated, topic: "dialog") {
      $0.payload(as: DialogSnapshot.self).map(DialogState.init)
    },
    NotificationDeclaration(.dialogClosed, topic: "dialog") {
      $0.payload(as: String.self).map(DialogClosedNotice.init)
    },
  ]

  func registerMethods(with host: any PluginHost) {
    host.handle("prompt.show") { [weak self] call throws(RPCError) in
      try self?.show(call, host: host)
    }
    host.handle("prompt.dismiss") { [weak self] call throws(RPCError) in
      try self?.dismiss(call)
    }
    _ = host.observe(.connectionClosed, tier: .passive) { [weak self] notification in
      guard let self, let closed = notification.payload(as: ConnectionClosed.self) else { return .pass }
      for id in self.requests.withLock({ $0.takeAll(of: closed.connection) }) { self.dismiss(id) }
      return .pass
    }
  }

  /// `prompt.show`: the answer is the response (``PromptShowResult``).
  private func show(_ call: MethodCall, host: any PluginHost) throws(RPCError) -> JSONValue? {
    let params = try call.checkedParams(as: PromptShowParams.self)
    guard self.host != nil else {
      throw RPCError(code: -32601, message: "\(call.method) is not available: the prompt plugin is stopping")
    }
    try call.holdWhileWaiting(bytes: params.heldBytes)
    let key = call.requestID.map { RequestBook.Key(connection: call.caller.connection, request: $0) }
    let reply = call.reply
    let machine = PromptMachine(
      initial: params.initialText ?? "", masked: params.masked ?? false, maximumLength: params.maximumLength)
    let id = present(machine, title: params.title, message: params.message) { [weak self] result in
      // Forgotten after what the engine is doing now, as the daemon forgets
      // the request: a prompt.dismiss already on its way finds it ended.
      let plugin = self
      if let key { host.perform { plugin?.requests.withLock { _ = $0.ended(key) } } }
      reply?.answer(JSONValue(encoding: result))
    }
    if let key, let id { requests.withLock { $0.started(key, object: id) } }
    return nil
  }

  /// `prompt.dismiss`: the owner ends its own prompt, by the request that
  /// showed it or by its id (answered `cancelled`, reason `dismissed`).
  private func dismiss(_ call: MethodCall) throws(RPCError) -> JSONValue? {
    let params = try call.checkedParams(as: DismissParams.self)
    let connection = call.caller.connection
    let id: String
    if let request = params.request {
      let key = RequestBook.Key(connection: connection, request: request)
      guard let found = requests.withLock({ $0.object(for: key) }) else {
        throw .notFound("no open prompt shown by request \(request)")
      }
      id = found
    } else {
      guard let given = params.id else { throw .invalidParams("give request or id", field: "request") }
      guard requests.withLock({ $0.connection(connection, owns: given) }) else {
        throw .notFound("no open prompt \(given) of this connection")
      }
      id = given
    }
    guard dismiss(id) else { throw .notFound("prompt \(id) has already ended") }
    return ["dismissed": .string(id)]
  }
}
