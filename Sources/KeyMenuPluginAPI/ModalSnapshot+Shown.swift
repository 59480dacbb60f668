import KeyMenuCore
public import KeyMenuProtocol

extension ModalSnapshot {
  /// The snapshot as a presenter may show it: every text from outside
  /// (titles, messages, buttons, items, the path, the filter) passed through
  /// ``ShownText/visible(_:keepingNewlines:)``, so that no control or
  /// bidi-override character reaches a terminal, the console or a
  /// notification raw, and columns are counted on what is drawn. A modal's
  /// text keeps its newlines (line breaks); nothing else does.
  ///
  /// The daemon refuses such characters in requests; this also covers what
  /// comes from elsewhere (plugins, the configuration) and any client of the
  /// socket that reads snapshots from an older or foreign daemon.
  public var shown: ModalSnapshot { ModalSnapshot(stack: stack.map(\.shown), omitted: omitted) }
}

extension ModalPicture {
  /// The picture with its texts made visible (see ``ModalSnapshot/shown``);
  /// its text keeps its newlines.
  public var shown: ModalPicture {
    var picture = self
    picture.kind = ShownText.visible(kind)
    picture.title = ShownText.visible(title)
    picture.text = text.map { ShownText.visible($0, keepingNewlines: true) }
    if let menu {
      picture.menu?.path = menu.path.map { ShownText.visible($0) }
      picture.menu?.filter = ShownText.visible(menu.filter)
      for index in menu.items.indices {
        picture.menu?.items[index].title = ShownText.visible(menu.items[index].title)
      }
    }
    picture.page?.lines = page?.lines.map { ShownText.visible($0) } ?? []
    for index in picture.choices?.items.indices ?? 0..<0 {
      picture.choices?.items[index].tag = choices?.items[index].tag.map { ShownText.visible($0) }
      picture.choices?.items[index].text = ShownText.visible(choices?.items[index].text ?? "")
    }
    picture.field?.shown = ShownText.visible(field?.shown ?? "")
    picture.keyboard?.rows = keyboard?.rows.map { $0.map { ShownText.visible($0) } } ?? []
    picture.buttons = buttons.map { ShownText.visible($0) }
    return picture
  }
}
