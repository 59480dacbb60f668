import KeyMenuPluginAPI
import KeyMenuProtocol

/// The prompt plugin's socket surface: `prompt.show`, answered when the
/// prompt ends, and `prompt.dismiss`. A client's prompts end when its
/// connection closes.
extension PromptPlugin {
  /// What the descriptor declares.
  static let methods = [
    MethodDeclaration("prompt.show", tier: .drive, answeredLater: true),
    MethodDeclaration("prompt.dismiss", tier: .drive),
  ]

  func registerMethods(with host: any PluginHost) {
    host.handle("prompt.show") { [weak self] call throws(RPCError) in
      try self?.show(call)
    }
    host.handle("prompt.dismiss") { [weak self] call throws(RPCError) in
      try self?.dismiss(call)
    }
  }

  /// `prompt.show`: the answer is the response (``PromptShowResult``).
  private func show(_ call: MethodCall) throws(RPCError) -> JSONValue? {
    let params = try call.checkedParams(as: PromptShowParams.self)
    guard prompts.host != nil else {
      throw RPCError(code: -32601, message: "\(call.method) is not available: the prompt plugin is stopping")
    }
    try call.holdWhileWaiting(bytes: params.heldBytes)
    let key = call.requestID.map { RequestBook.Key(connection: call.caller.connection, request: $0) }
    let reply = call.reply
    let machine = PromptMachine(
      initial: params.initialText ?? "", masked: params.masked ?? false, maximumLength: params.maximumLength)
    present(machine, title: params.title, message: params.message, on: key) { [prompts] result in
      prompts.forget(key)
      reply?.answer(JSONValue(encoding: result))
    }
    return nil
  }

  /// `prompt.dismiss`: the owner ends its own prompt, by the request that
  /// showed it or by its id (answered `cancelled`, reason `dismissed`).
  private func dismiss(_ call: MethodCall) throws(RPCError) -> JSONValue? {
    let id = try prompts.id(of: call.checkedParams(as: DismissParams.self), for: call.caller)
    guard prompts.end(id, with: .cancelled(reason: PromptShowResult.dismissed)) else {
      throw .notFound("prompt \(id) has already ended")
    }
    return ["dismissed": .string(id)]
  }
}
