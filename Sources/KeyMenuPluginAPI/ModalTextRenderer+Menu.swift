public import KeyMenuProtocol

extension ModalTextRenderer {
  /// A menu level: its path as the title, the items with the highlight
  /// marked (`▶`), digits 1–9 for the first nine, `▸` on submenus, a
  /// separator where a section starts, the filter, and the keys.
  func render(_ menu: ModalPicture.Menu) -> [TextLine] {
    let title = menu.path.joined(separator: " › ")
    let hint = Self.hint(menu)
    let natural = menu.items.map { TextWidth.columns($0.title) + 6 }.max() ?? 0
    let inner = innerWidth(
      natural: max(natural, TextWidth.columns(title) + 2, TextWidth.columns(hint) + 2))
    var box = TextBox(innerWidth: inner)
    box.top(title)
    // The title's rows (more than one when it is wrapped), the bottom border and the filter.
    let fixed = box.lines.count + 1 + (menu.filter.isEmpty ? 0 : 2)
    var rows = Self.rows(menu)
    rows = Self.window(rows, around: menu.highlight, limit: max(3, height - fixed))
    rows = Self.counting(rows, above: menu.offset, below: menu.total - menu.offset - menu.items.count)
    for row in rows {
      switch row {
      case .separator: box.separator()
      case .item(let index, let item):
        box.row(
          Self.spans(item, index: menu.offset + index, highlighted: index == menu.highlight, inner: inner))
      case .more(let count, let above): box.row("\(above ? "↑" : "↓") \(count) more", .dimmed)
      case .empty: box.row("(nothing matches)", .dimmed)
      }
    }
    if !menu.filter.isEmpty {
      box.separator()
      box.row([TextSpan("Filter: ", .dimmed), TextSpan(menu.filter)])
    }
    box.bottom(hint)
    return box.lines
  }

  /// What the keys do on a menu level: "Enter: choose · ←: back · Esc:
  /// close" (Left only on a submenu). Shared with the graphical overlay's footer.
  public static func hint(_ menu: ModalPicture.Menu) -> String {
    menu.path.count > 1 ? "Enter: choose · ←: back · Esc: close" : "Enter: choose · Esc: close"
  }

  /// What one row of the menu's box holds.
  enum MenuRow: Equatable {
    case item(Int, ModalPicture.Menu.Item)
    case separator
    case more(Int, above: Bool)
    case empty
  }

  /// The items with a separator before each section that is not the first.
  static func rows(_ menu: ModalPicture.Menu) -> [MenuRow] {
    guard !menu.items.isEmpty else { return [.empty] }
    var rows: [MenuRow] = []
    for (index, item) in menu.items.enumerated() {
      let startsSection =
        item.position == SectionPosition.top.rawValue || item.position == SectionPosition.single.rawValue
      if index > 0, startsSection { rows.append(.separator) }
      rows.append(.item(index, item))
    }
    return rows
  }

  /// At most `limit` rows around the highlighted item; a cut end becomes a
  /// "more" row counting the items it hides.
  static func window(_ rows: [MenuRow], around highlight: Int?, limit: Int) -> [MenuRow] {
    guard rows.count > limit else { return rows }
    let focus = rows.firstIndex { if case .item(highlight ?? 0, _) = $0 { true } else { false } } ?? 0
    var start = max(0, min(focus - limit / 2, rows.count - limit))
    var end = start + limit
    if start > 0 { start += 1 }
    if end < rows.count { end -= 1 }
    func items(_ slice: ArraySlice<MenuRow>) -> Int {
      slice.filter { if case .item = $0 { true } else { false } }.count
    }
    var shown = Array(rows[start..<end])
    if start > 0 { shown.insert(.more(items(rows[..<start]), above: true), at: 0) }
    if end < rows.count { shown.append(.more(items(rows[end...]), above: false)) }
    return shown
  }

  /// `rows` with the items outside a windowed snapshot (``DialogParts/Menu/offset``
  /// before it, the rest after it) added to the "more" rows.
  static func counting(_ rows: [MenuRow], above: Int, below: Int) -> [MenuRow] {
    var rows = rows
    if above > 0 {
      if case .more(let count, true)? = rows.first {
        rows[0] = .more(count + above, above: true)
      } else {
        rows.insert(.more(above, above: true), at: 0)
      }
    }
    if below > 0 {
      if case .more(let count, false)? = rows.last {
        rows[rows.count - 1] = .more(count + below, above: false)
      } else {
        rows.append(.more(below, above: false))
      }
    }
    return rows
  }

  /// "▶ 1 Apple      ▸": marker, digit, title, submenu arrow at the right.
  static func spans(_ item: ModalPicture.Menu.Item, index: Int, highlighted: Bool, inner: Int) -> [TextSpan] {
    let digit = index < 9 && item.enabled ? "\(index + 1) " : "  "
    let arrow = item.opensSubmenu ? " ▸" : ""
    let titleWidth = max(1, inner - 4 - TextWidth.columns(arrow))
    let text = (highlighted ? "▶ " : "  ") + digit + TextWidth.pad(item.title, to: titleWidth) + arrow
    let style: TextStyle = highlighted ? .highlighted : (item.enabled ? .normal : .dimmed)
    return [TextSpan(text, style)]
  }
}
