public import KeyMenuProtocol

// The plugin API's answers and notification payloads in the protocol's
// shapes (KeyMenuProtocol), for the daemon and for plugins that answer
// requests.

extension AlertShowResult {
  /// The protocol's form of `answer`.
  public init(_ answer: AlertAnswer) {
    self.init(
      button: answer.button, title: answer.title, reason: answer.reason.rawValue, key: answer.key,
      device: answer.device)
  }
}

extension AlertAnsweredNotice {
  /// The `alert.answered` params for `answered`.
  public init(_ answered: AlertAnswered) {
    self.init(id: answered.id, owner: answered.owner, answer: AlertShowResult(answered.answer))
  }
}

extension MenuOpenResult {
  /// The protocol's form of `result`.
  public init(_ result: MenuResult) {
    switch result {
    case .chose(let selector, let title, let path, let value):
      self = .chose(selector: selector, title: title, path: path, value: value)
    case .typed(let text): self = .typed(text)
    case .key(let name, let title, let path, let value):
      self = .key(name, title: title, path: path, value: value)
    case .cancelled(let reason): self = .cancelled(reason: reason.rawValue)
    }
  }
}

extension MenuSelectedNotice {
  /// The `menu.selected` params for `selected`.
  public init(_ selected: MenuSelected) {
    self.init(
      id: selected.id, owner: selected.owner, selector: selected.selector, title: selected.title,
      path: selected.path)
  }
}

extension MenuChangedNotice {
  /// The `menu.changed` params for `changed`.
  public init(_ changed: MenuChanged) {
    self.init(change: MenuItemChange(changed.change), menu: changed.snapshot)
  }
}

extension SelectorEntry {
  /// The protocol's form of `info`, with the plugins that wrap it, if any.
  public init(_ info: SelectorInfo, wrappedBy: [String] = []) {
    self.init(
      selector: info.selector.rawValue, title: info.title, kind: info.kind, owner: info.owner.rawValue,
      stable: info.stableName?.rawValue, wrappedBy: wrappedBy.isEmpty ? nil : wrappedBy)
  }
}

extension SelectorInvokedNotice {
  /// The `selector.invoked` params for `invocation`.
  public init(_ invocation: SelectorInvocation) {
    self.init(SelectorEntry(invocation.info), source: invocation.source)
  }
}

extension SelectorFailedNotice {
  /// The `selector.failed` params for `error`.
  public init(_ error: SelectorError) {
    self.init(selector: error.selector.rawValue, code: error.code.rawValue, message: error.message)
  }
}
