import KeyMenuCore
import KeyMenuProtocol

extension ModalSnapshot {
  /// The snapshot as a presenter may show it: every text from outside
  /// (titles, messages, buttons, items, the path, the filter) passed through
  /// ``ShownText/visible(_:keepingNewlines:)``, so that no control or
  /// bidi-override character reaches a terminal, the console or a
  /// notification raw, and columns are counted on what is drawn. An alert's
  /// message keeps its newlines (line breaks); nothing else does.
  ///
  /// The daemon refuses such characters in requests; this also covers what
  /// comes from elsewhere (plugins, the configuration) and any client of the
  /// socket that reads snapshots from an older or foreign daemon.
  public var shown: ModalSnapshot { ModalSnapshot(stack: stack.map(\.shown), omitted: omitted) }
}

extension ModalEntry {
  /// The entry with its texts made visible (see ``ModalSnapshot/shown``).
  public var shown: ModalEntry {
    switch self {
    case .alert(let alert): return .alert(alert.shown)
    case .menu(let menu): return .menu(menu.shown)
    case .dialog(let dialog): return .dialog(dialog.shown)
    }
  }
}

extension AlertSnapshot {
  /// The alert with its texts made visible (see ``ModalSnapshot/shown``).
  public var shown: AlertSnapshot {
    var alert = self
    alert.title = ShownText.visible(title)
    alert.message = message.map { ShownText.visible($0, keepingNewlines: true) }
    alert.buttons = buttons.map { ShownText.visible($0) }
    return alert
  }
}

extension MenuSnapshot {
  /// The menu with its texts made visible (see ``ModalSnapshot/shown``).
  public var shown: MenuSnapshot {
    var menu = self
    menu.path = path.map { ShownText.visible($0) }
    menu.filter = ShownText.visible(filter)
    for index in menu.items.indices { menu.items[index].title = ShownText.visible(items[index].title) }
    return menu
  }
}

extension DialogSnapshot {
  /// The dialog with its texts made visible (see ``ModalSnapshot/shown``);
  /// its text keeps its newlines.
  public var shown: DialogSnapshot {
    var dialog = self
    dialog.kind = ShownText.visible(kind)
    dialog.title = ShownText.visible(title)
    dialog.text = text.map { ShownText.visible($0, keepingNewlines: true) }
    dialog.page?.lines = page?.lines.map { ShownText.visible($0) } ?? []
    for index in dialog.choices?.items.indices ?? 0..<0 {
      dialog.choices?.items[index].tag = choices?.items[index].tag.map { ShownText.visible($0) }
      dialog.choices?.items[index].text = ShownText.visible(choices?.items[index].text ?? "")
    }
    dialog.field?.shown = ShownText.visible(field?.shown ?? "")
    dialog.keyboard?.rows = keyboard?.rows.map { $0.map { ShownText.visible($0) } } ?? []
    dialog.buttons = buttons.map { ShownText.visible($0) }
    return dialog
  }
}
