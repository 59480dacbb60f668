import KeyMenuPluginAPI
import KeyMenuProtocol

// The parts that are lists: a menu's items, the choices of a checklist,
// radiolist or picklist, and the scroll bar beside a list or text cut short.
extension PanelLayout {
  /// A row of a list: an item, or the divider before a section.
  enum ListRow {
    case item(Int)
    case divider
  }

  /// The room a list keeps at its right for a scroll bar.
  var scrollBarRoom: Double { metrics.scrollBarWidth + metrics.gap }

  /// The digit column, the gap after it and the submenu arrow beside an item's title.
  var itemDecorationWidth: Double { 3 * em }

  /// The height of a divider between sections.
  var dividerHeight: Double { (0.6 * em).rounded() }

  /// The rows of `heights` shown in `room` around row `focus`: as many as
  /// fit, growing below and above in turn, so that the focus stays near
  /// the middle of a long list and the ends fill the room.
  static func window(_ heights: [Double], focus: Int, room: Double) -> Range<Int> {
    guard !heights.isEmpty else { return 0..<0 }
    let focus = min(max(0, focus), heights.count - 1)
    var start = focus
    var end = focus + 1
    var used = heights[focus]
    var grew = true
    while grew {
      grew = false
      if end < heights.count, used + heights[end] <= room {
        used += heights[end]
        end += 1
        grew = true
      }
      if start > 0, used + heights[start - 1] <= room {
        start -= 1
        used += heights[start]
        grew = true
      }
    }
    return start..<end
  }

  // MARK: Menus

  /// The filter being typed, in a field above the items.
  func filterBlock(_ filter: String) -> Block {
    let height = metrics.rowHeight
    return Block(height: height) { layout, y in
      layout.fill(layout.rect(0, y, layout.inner, height), radius: 0.3 * layout.em, .chip)
      let label = "Filter:"
      let labelWidth = layout.width(label, .small)
      let x = 0.4 * layout.em
      layout.text(label, .small, .dimmed, in: layout.rect(x, y, labelWidth, height))
      let start = x + labelWidth + 0.4 * layout.em
      layout.text(filter, .body, .text, in: layout.rect(start, y, layout.inner - start - x, height))
    }
  }

  /// The items of a menu level around the highlight, dividers between
  /// sections, a scroll bar when some are not shown.
  func menuBlock(_ menu: ModalPicture.Menu, room: Double) -> Block {
    guard !menu.items.isEmpty else {
      let height = metrics.rowHeight
      return Block(height: height) { layout, y in
        layout.text(
          "Nothing matches", .body, .dimmed, in: layout.rect(0.4 * layout.em, y, layout.inner, height))
      }
    }
    var rows: [ListRow] = []
    var focusRow = 0
    for (index, item) in menu.items.enumerated() {
      let startsSection =
        item.position == SectionPosition.top.rawValue || item.position == SectionPosition.single.rawValue
      if index > 0, startsSection { rows.append(.divider) }
      if index == menu.highlight { focusRow = rows.count }
      rows.append(.item(index))
    }
    let heights = rows.map { if case .item = $0 { metrics.rowHeight } else { dividerHeight } }
    var shown = Self.window(heights, focus: focusRow, room: room)
    // A divider at a cut end divides nothing from what is shown.
    if shown.count > 1, case .divider = rows[shown.lowerBound] { shown = shown.dropFirst() }
    if shown.count > 1, case .divider = rows[shown.upperBound - 1] { shown = shown.dropLast() }
    let items = rows[shown].compactMap { if case .item(let index) = $0 { index } else { nil } }
    let scrolls = items.count < menu.total
    let height = shown.reduce(0) { $0 + heights[$1] }
    return Block(height: height) { [rows] layout, y in
      let width = layout.inner - (scrolls ? layout.scrollBarRoom : 0)
      var top = y
      for index in shown {
        switch rows[index] {
        case .divider:
          let line = layout.metrics.hairline
          layout.fill(layout.rect(0, top + (heights[index] - line) / 2, width, line), .track)
        case .item(let item):
          layout.menuItem(menu, item, frame: layout.rect(0, top, width, heights[index]))
        }
        top += heights[index]
      }
      if scrolls, let first = items.first {
        layout.scrollBar(
          top: y, height: height, first: menu.offset + first, shown: items.count, total: menu.total)
      }
    }
  }

  /// One item: the focus bar when highlighted, its digit (1 to 9), its
  /// title, the arrow of a submenu.
  mutating func menuItem(_ menu: ModalPicture.Menu, _ index: Int, frame: Rect) {
    let item = menu.items[index]
    let highlighted = index == menu.highlight
    if highlighted { fill(frame, radius: 0.3 * em, .focus) }
    let paint: OverlayScene.Paint = highlighted ? .focusText : (item.enabled ? .text : .dimmed)
    let number = menu.offset + index
    if number < 9, item.enabled {
      text(
        "\(number + 1)", .small, highlighted ? .focusText : .dimmed,
        in: Rect(x: frame.x, y: frame.y, width: 1.6 * em, height: frame.height), alignment: .center)
    }
    let arrow = item.opensSubmenu ? 1.4 * em : 0
    text(
      item.title, .body, paint,
      in: Rect(
        x: frame.x + 1.6 * em, y: frame.y, width: frame.width - 1.6 * em - arrow - 0.4 * em,
        height: frame.height))
    if item.opensSubmenu {
      text(
        onwards, .body, paint,
        in: Rect(x: frame.x + frame.width - arrow, y: frame.y, width: arrow, height: frame.height),
        alignment: .center)
    }
    targets.append(OverlayScene.Target(.item(number), frame: frame))
  }

  // MARK: Choices

  /// The width of the mark before a choice (none for a picklist).
  func markWidth(_ choices: ModalPicture.Choices) -> Double { choices.marks == .none ? 0 : 1.4 * em }

  /// The width of the tags' column (the widest tag shown and a gap), 0 without tags.
  func tagWidth(_ choices: ModalPicture.Choices) -> Double {
    var widest = 0.0
    for item in choices.items.prefix(64) { if let tag = item.tag { widest = max(widest, width(tag, .body)) } }
    return widest == 0 ? 0 : min(widest, 10 * em) + em
  }

  func choicesNaturalWidth(_ choices: ModalPicture.Choices) -> Double {
    var widest = 0.0
    for item in choices.items.prefix(256) where widest < metrics.widestPanel {
      widest = max(widest, width(item.text, .body))
    }
    return 0.8 * em + markWidth(choices) + tagWidth(choices) + widest + scrollBarRoom
  }

  /// The choices around the highlight, each with its check box or radio
  /// mark and its tag; a scroll bar when some are not shown.
  func choicesBlock(_ choices: ModalPicture.Choices, room: Double) -> Block {
    let row = metrics.rowHeight
    let heights = Array(repeating: row, count: choices.items.count)
    let shown = Self.window(heights, focus: choices.highlight ?? 0, room: room)
    let scrolls = shown.count < choices.total
    let height = max(row, Double(shown.count) * row)
    let tags = tagWidth(choices)
    return Block(height: height) { layout, y in
      let width = layout.inner - (scrolls ? layout.scrollBarRoom : 0)
      for (line, index) in shown.enumerated() {
        layout.choice(
          choices, index, tagWidth: tags, frame: layout.rect(0, y + Double(line) * row, width, row))
      }
      if scrolls {
        layout.scrollBar(
          top: y, height: height, first: choices.offset + shown.lowerBound, shown: shown.count,
          total: choices.total)
      }
    }
  }

  /// One choice: the focus bar (an outline while a button has the focus),
  /// the mark, the tag, the text.
  mutating func choice(_ choices: ModalPicture.Choices, _ index: Int, tagWidth: Double, frame: Rect) {
    let item = choices.items[index]
    let highlighted = index == choices.highlight
    let focused = highlighted && picture.focusedButton == nil
    if focused {
      fill(frame, radius: 0.3 * em, .focus)
    } else if highlighted {
      outline(frame, radius: 0.3 * em, lineWidth: 2 * metrics.hairline, .focus)
    }
    let paint: OverlayScene.Paint = focused ? .focusText : .text
    var x = frame.x + 0.4 * em
    let side = (0.8 * em).rounded()
    let box = Rect(x: x, y: frame.y + (frame.height - side) / 2, width: side, height: side)
    switch choices.marks {
    case .none: break
    case .check:
      if item.marked {
        fill(box, radius: 0.15 * em, focused ? .focusText : .accent)
        text("✓", .small, focused ? .focus : .accentText, in: box, alignment: .center)
      } else {
        outline(box, radius: 0.15 * em, lineWidth: 2 * metrics.hairline, paint)
      }
    case .radio:
      outline(box, radius: side / 2, lineWidth: 2 * metrics.hairline, paint)
      if item.marked {
        let dot = (side / 2).rounded()
        fill(
          Rect(x: box.x + (side - dot) / 2, y: box.y + (side - dot) / 2, width: dot, height: dot),
          radius: dot / 2,
          focused ? .focusText : .accent)
      }
    }
    x += markWidth(choices)
    if let tag = item.tag, tagWidth > 0 {
      text(
        tag, .body, focused ? .focusText : .dimmed,
        in: Rect(x: x, y: frame.y, width: tagWidth - em, height: frame.height))
      x += tagWidth
    }
    text(
      item.text, .body, paint,
      in: Rect(x: x, y: frame.y, width: frame.x + frame.width - x - 0.4 * em, height: frame.height))
    targets.append(OverlayScene.Target(.item(choices.offset + index), frame: frame))
  }

  // MARK: Scroll bar

  /// A scroll bar at the right of the content from `top`, `height` tall:
  /// its thumb shows `shown` of `total` rows from `first`.
  mutating func scrollBar(top: Double, height: Double, first: Int, shown: Int, total: Int) {
    guard total > 0 else { return }
    let width = metrics.scrollBarWidth
    let x = inner - width
    fill(rect(x, top, width, height), radius: width / 2, .track)
    let thumb = min(height, max(0.8 * em, height * Double(shown) / Double(total)))
    let start = min(height - thumb, height * Double(first) / Double(total))
    fill(rect(x, top + start, width, thumb), radius: width / 2, .accent)
  }
}
