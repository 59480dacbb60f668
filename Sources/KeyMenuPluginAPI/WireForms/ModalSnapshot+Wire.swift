public import KeyMenuProtocol

// The one place where the plugin API's snapshots (what presenters read) and
// the protocol's shapes (what the socket carries, KeyMenuProtocol) become
// each other: the daemon writes the protocol's, clients read them back.

extension ModalState {
  /// The protocol's form of `snapshot`, all of its entries (the daemon
  /// sends a window of them: `ModalStateWindow`).
  public init(_ snapshot: ModalSnapshot) {
    self.init(
      stack: snapshot.stack.map(Entry.init), total: snapshot.omitted > 0 ? snapshot.depth : nil)
  }
}

extension ModalSnapshot {
  /// The snapshot `state` shows; entries of a kind this client does not
  /// know are skipped, so a newer daemon's additions do not stop an older
  /// presenter.
  public init(_ state: ModalState) {
    let stack = state.stack.compactMap { entry -> ModalEntry? in
      switch entry {
      case .alert(let alert): .alert(AlertSnapshot(alert))
      case .menu(let menu): .menu(MenuSnapshot(menu))
      case .dialog(let dialog): .dialog(DialogSnapshot(dialog))
      case .unknown: nil
      }
    }
    self.init(stack: stack, omitted: max(0, (state.total ?? 0) - state.stack.count))
  }
}

extension ModalState.Entry {
  /// The protocol's form of one entry.
  public init(_ entry: ModalEntry) {
    switch entry {
    case .alert(let alert): self = .alert(AlertState(alert))
    case .menu(let menu): self = .menu(MenuState(menu))
    case .dialog(let dialog): self = .dialog(DialogState(dialog))
    }
  }
}

extension AlertState {
  /// The protocol's form of `alert`.
  public init(_ alert: AlertSnapshot) {
    self.init(
      id: alert.id, title: alert.title, message: alert.message, buttons: alert.buttons, focus: alert.focus,
      cancel: alert.cancel, defaultButton: alert.defaultButton, firstLine: alert.firstLine)
  }
}

extension AlertSnapshot {
  /// The alert `state` shows.
  public init(_ state: AlertState) {
    self.init(
      id: state.id, title: state.title, message: state.message, buttons: state.buttons, focus: state.focus,
      cancel: state.cancel, defaultButton: state.defaultButton, firstLine: state.firstLine)
  }
}

extension MenuState {
  /// The protocol's form of `menu`; only a windowed list (see
  /// ``MenuSnapshot/windowSize``) has `offset` and `total`, so short ones
  /// keep their shape.
  public init(_ menu: MenuSnapshot) {
    let windowed = menu.offset > 0 || menu.total > menu.items.count
    self.init(
      id: menu.id, title: menu.title, path: menu.path,
      items: menu.items.map {
        Item(
          title: $0.title, section: $0.section, position: $0.position, enabled: $0.enabled,
          opensSubmenu: $0.opensSubmenu)
      },
      highlight: menu.highlight, filter: menu.filter, offset: windowed ? menu.offset : nil,
      total: windowed ? menu.total : nil)
  }
}

extension MenuSnapshot {
  /// The menu `state` shows; without a window it carries every item.
  public init(_ state: MenuState) {
    self.init(
      id: state.id, path: state.path.isEmpty ? [state.title] : state.path,
      items: state.items.map {
        Item(
          title: $0.title, section: $0.section, position: $0.position, enabled: $0.enabled,
          opensSubmenu: $0.opensSubmenu)
      },
      highlight: state.highlight, filter: state.filter, offset: state.offset ?? 0, total: state.total)
  }
}

extension DialogState {
  /// The protocol's form of `dialog`.
  public init(_ dialog: DialogSnapshot) {
    self.init(
      id: dialog.id, dialog: dialog.kind, title: dialog.title, text: dialog.text, page: dialog.page,
      choices: dialog.choices, percent: dialog.percent,
      field: dialog.field.map {
        Field(text: $0.shown, masked: $0.masked, cursor: $0.cursor, maximumLength: $0.maximumLength)
      },
      keyboard: dialog.keyboard, buttons: dialog.buttons, focusedButton: dialog.focusedButton,
      cancel: dialog.cancel)
  }
}

extension DialogSnapshot {
  /// The dialog `state` shows.
  public init(_ state: DialogState) {
    self.init(
      id: state.id, kind: state.dialog, title: state.title, text: state.text, page: state.page,
      choices: state.choices, percent: state.percent,
      field: state.field.map {
        Field(shown: $0.text, masked: $0.masked, cursor: $0.cursor, maximumLength: $0.maximumLength)
      }, keyboard: state.keyboard,
      buttons: state.buttons, focusedButton: state.focusedButton, cancel: state.cancel)
  }
}

extension MenuItemChange {
  /// The protocol's form of `change`.
  public init(_ change: MenuChange) {
    switch change {
    case .inserted(let section, let index): self = .inserted(section: section, index: index)
    case .removed(let section, let index): self = .removed(section: section, index: index)
    case .moved(let section, let from, let to): self = .moved(section: section, from: from, to: to)
    case .updated(let section, let index): self = .updated(section: section, index: index)
    }
  }
}
