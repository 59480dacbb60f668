import KeyMenuPluginAPI
import KeyMenuProtocol

/// The prompt plugin's socket surface: `prompt.show`, answered when the
/// prompt ends, and `prompt.dismiss`. A client's prompts end when its
/// connection closes.
extension PromptPlugin {
  /// What the descriptor declares.
  nonisolated static let methods: [PluginMethod<PromptPlugin>] = [
    .init("prompt.show", tier: .drive, answeredLater: true) { plugin, _, call throws(RPCError) in
      try plugin.show(call)
    },
    .init("prompt.dismiss", tier: .drive) { plugin, _, call throws(RPCError) in
      try plugin.dismiss(call)
    },
  ]

  func registerMethods(with host: any PluginHost) {
    host.handle(Self.methods, for: self)
  }

  /// `prompt.show`: the answer is the response (``PromptShowResult``).
  private func show(_ call: MethodCall) throws(RPCError) -> JSONValue? {
    let params = try call.checkedParams(as: PromptShowParams.self)
    let system = params.system == true
    if system, call.caller.uid != 0 { throw .systemQuestionForbidden(uid: call.caller.uid) }
    let attached = self.attached
    let machine = PromptMachine(
      initial: params.initialText ?? "", masked: params.masked ?? false, maximumLength: params.maximumLength,
      keyboard: params.keyboard.flatMap(PromptMachine.KeyboardMode.init(rawValue:)) ?? .auto,
      devicesWithoutLetters: attached.withoutLetters, lettersAttached: attached.lettersAttached,
      cancelButton: params.noCancel != true, keys: params.keys ?? .keymenu, buttonTitles: params.buttons)
    let (title, message, buttons) = (params.title, params.message, params.buttons)
    try prompts.present(machine, for: call, heldBytes: params.heldBytes) {
      $0.snapshot(id: $1, title: title, message: message, buttons: buttons, system: system)
    }
    return nil
  }

  /// `prompt.dismiss`: the owner ends its own prompt, by the request that
  /// showed it or by its id (answered `cancelled`, reason `dismissed`).
  private func dismiss(_ call: MethodCall) throws(RPCError) -> JSONValue? {
    try prompts.end(for: call, with: .cancelled(reason: PromptShowResult.dismissed))
  }
}
