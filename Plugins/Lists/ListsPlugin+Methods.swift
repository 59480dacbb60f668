import KeyMenuPluginAPI
import KeyMenuProtocol

/// The lists plugin's socket surface: `checklist.show`, `radiolist.show`
/// and `picklist.show`, answered when the list ends, and their `.dismiss`.
/// A client's lists end when its connection closes.
extension ListsPlugin {
  /// What the descriptor declares.
  nonisolated static let methods: [PluginMethod<ListsPlugin>] = [
    .init("checklist.show", tier: .drive, answeredLater: true) { plugin, _, call throws(RPCError) in
      try plugin.show(call, mode: .check)
    },
    .init("checklist.dismiss", tier: .drive) { plugin, _, call throws(RPCError) in
      try plugin.dismiss(call, mode: .check)
    },
    .init("radiolist.show", tier: .drive, answeredLater: true) { plugin, _, call throws(RPCError) in
      try plugin.show(call, mode: .radio)
    },
    .init("radiolist.dismiss", tier: .drive) { plugin, _, call throws(RPCError) in
      try plugin.dismiss(call, mode: .radio)
    },
    .init("picklist.show", tier: .drive, answeredLater: true) { plugin, _, call throws(RPCError) in
      try plugin.show(call, mode: .pick)
    },
    .init("picklist.dismiss", tier: .drive) { plugin, _, call throws(RPCError) in
      try plugin.dismiss(call, mode: .pick)
    },
  ]

  func registerMethods(with host: any PluginHost) {
    host.handle(Self.methods, for: self)
  }

  /// `checklist.show` / `radiolist.show` / `picklist.show`: the answer is
  /// the response (``ChecklistShowResult``, ``RadiolistShowResult``,
  /// ``PicklistShowResult``).
  private func show(_ call: MethodCall, mode: ChoiceListMachine.Mode) throws(RPCError) -> JSONValue? {
    let params = try call.checkedParams(as: ChoiceListShowParams.self)
    if mode == .radio { try params.checkOneMarked() }
    let lists = kind(mode)
    guard lists.host != nil else {
      throw RPCError(code: -32601, message: "\(call.method) is not available: the lists plugin is stopping")
    }
    try call.holdWhileWaiting(bytes: params.heldBytes)
    let key = call.requestID.map { RequestBook.Key(connection: call.caller.connection, request: $0) }
    let reply = call.reply
    let showTags = params.showTags ?? true
    let machine = ChoiceListMachine(
      mode: mode, marks: params.items.map { $0.marked == true }, highlight: params.highlight ?? 0,
      cancelButton: params.noCancel != true, keys: params.keys ?? .keymenu, pageSize: params.listHeight,
      shown: params.items.map { showTags ? $0.tag ?? $0.text : $0.text })
    let picture = ChoiceListPicture(
      kind: lists.name, title: params.title, message: params.message,
      items: params.items.map { ($0.tag, $0.text) },
      showTags: showTags, buttons: params.buttons)
    let names = params.items.map(\.answerName)
    let idle = params.timeoutMilliseconds.map {
      DialogKind<ChoiceListMachine>.IdleTimeout(.milliseconds($0), answer: .cancelled(.timeout))
    }
    present(machine, picture: picture, on: key, idle: idle) { answer in
      lists.forget(key)
      reply?.answer(Self.result(answer, mode: mode, names: names))
    }
    return nil
  }

  /// `checklist.dismiss` / `radiolist.dismiss`: the owner ends its own
  /// list, by the request that showed it or by its id (answered
  /// `cancelled`, reason `dismissed`).
  private func dismiss(_ call: MethodCall, mode: ChoiceListMachine.Mode) throws(RPCError) -> JSONValue? {
    let lists = kind(mode)
    let id = try lists.id(of: call.checkedParams(as: DismissParams.self), for: call.caller)
    guard lists.end(id, with: .cancelled(.dismissed)) else {
      throw .notFound("\(lists.name) \(id) has already ended")
    }
    return ["dismissed": .string(id)]
  }

  /// The response for an answer: the marked items' indices and names
  /// (tag, else text) for a confirmed list, the reason for a cancelled one.
  static func result(_ answer: ChoiceListMachine.Answer, mode: ChoiceListMachine.Mode, names: [String])
    -> JSONValue
  {
    switch (answer, mode) {
    case (.confirmed(let marked), .check):
      JSONValue(encoding: ChecklistShowResult.marked(marked, tags: marked.map { names[$0] }))
    case (.confirmed(let marked), .radio):
      JSONValue(encoding: RadiolistShowResult.marked(marked.first, tag: marked.first.map { names[$0] }))
    case (.cancelled(let reason), .check):
      JSONValue(encoding: ChecklistShowResult.cancelled(reason: reason.wireName))
    case (.cancelled(let reason), .radio):
      JSONValue(encoding: RadiolistShowResult.cancelled(reason: reason.wireName))
    case (.confirmed(let picked), .pick):
      JSONValue(encoding: PicklistShowResult.chosen(picked.first ?? 0, tag: names[picked.first ?? 0]))
    case (.cancelled(let reason), .pick):
      JSONValue(encoding: PicklistShowResult.cancelled(reason: reason.wireName))
    }
  }
}

extension ChoiceListMachine.Answer.Reason {
  /// The reason as the protocol names it (``ChoiceListReason``).
  fileprivate var wireName: String {
    switch self {
    case .escape: ChoiceListReason.escape
    case .cancel: ChoiceListReason.cancel
    case .dismissed: ChoiceListReason.dismissed
    case .timeout: ChoiceListReason.timeout
    }
  }
}
