import KeyMenuPluginAPI
import KeyMenuProtocol

/// One ``OverlayLayout`` pass at one text size: the panel's width from what
/// its parts ask, then the parts stacked top to bottom as ``Block``s, the
/// ones that scroll (a message, a page, a list) given the height the
/// others leave in the safe area.
struct PanelLayout<Measurer: OverlayTextMeasuring> {
  typealias Rect = OverlayScene.Rect

  /// A part of the panel: its height, and what it draws at a given top.
  struct Block {
    var height: Double
    var place: (inout PanelLayout, Double) -> Void
  }

  let picture: ModalPicture
  /// How many modals are behind this one.
  let behind: Int
  let metrics: OverlayMetrics
  let measurer: Measurer
  /// Whether the scene will be mirrored: arrows point the other way.
  let rightToLeft: Bool
  /// The width of what is on the panel (the panel's less its padding).
  var inner: Double = 0
  var elements: [OverlayScene.Element] = []
  /// How many of the page's lines were shown, once its block is placed (for the footer).
  var pageShown: Int?
  /// How many lines of text the last lines block placed showed.
  var linesShown = 0
  var targets: [OverlayScene.Target] = []

  init(_ picture: ModalPicture, behind: Int, metrics: OverlayMetrics, measurer: Measurer, rightToLeft: Bool) {
    self.picture = picture
    self.behind = behind
    self.metrics = metrics
    self.measurer = measurer
    self.rightToLeft = rightToLeft
    let padding = 2 * metrics.padding
    inner = min(metrics.widestPanel, max(metrics.minimumWidth, naturalWidth() + padding)) - padding
  }

  var em: Double { metrics.em }
  var padding: Double { metrics.padding }

  /// The scene: the panel and every part on it.
  mutating func scene() -> OverlayScene {
    let top = headerBlocks()
    var bottom: [Block] = []
    var scrolling: [Block] = []
    if let menu = picture.menu {
      if !menu.filter.isEmpty { scrolling.append(filterBlock(menu.filter)) }
    } else {
      if let percent = picture.percent { bottom.append(gaugeBlock(percent)) }
      if let field = picture.field { bottom.append(fieldBlock(field)) }
      if let keyboard = picture.keyboard { bottom.append(keyboardBlock(keyboard)) }
      if !picture.buttons.isEmpty { bottom.append(buttonsBlock()) }
    }
    let footer = footerBlock().map { [$0] } ?? []
    let fixed = top + scrolling + bottom + footer
    let used = fixed.reduce(0) { $0 + $1.height } + Double(fixed.count - 1) * metrics.gap + 2 * padding
    var room = max(metrics.rowHeight, metrics.maximumHeight - used)
    var middle: [Block] = []
    if let menu = picture.menu {
      middle.append(menuBlock(menu, room: room))
    } else {
      let lists = (picture.page == nil ? 0 : 1) + (picture.choices == nil ? 0 : 1)
      if let text = picture.text {
        // The text leaves three rows of a page or choices below it.
        let leave = lists == 0 ? 0 : 3 * metrics.rowHeight + metrics.gap
        let block = textBlock(text, room: max(metrics.lineHeight, room - leave))
        middle.append(block)
        room -= block.height + metrics.gap
      }
      let share = max(
        metrics.rowHeight, (room - Double(max(0, lists - 1)) * metrics.gap) / Double(max(1, lists)))
      if let page = picture.page { middle.append(pageBlock(page, room: share)) }
      if let choices = picture.choices { middle.append(choicesBlock(choices, room: share)) }
    }
    var y = padding
    for (index, block) in (top + scrolling + middle + bottom + footer).enumerated() {
      if index > 0 { y += metrics.gap }
      block.place(&self, y)
      y += block.height
    }
    if picture.system {
      // The system's own question: an accent frame round the whole panel,
      // which no client's text can draw (the footer's hint also says so).
      let line = max(2, (em / 6).rounded())
      outline(
        Rect(x: line / 2, y: line / 2, width: inner + 2 * padding - line, height: y + padding - line),
        radius: max(0, metrics.cornerRadius - line / 2), lineWidth: line, .accent)
    }
    return OverlayScene(
      width: inner + 2 * padding, height: y + padding, cornerRadius: metrics.cornerRadius,
      elements: elements, bodyPixelSize: metrics.pixelSize, targets: targets, modalID: picture.id)
  }

  // MARK: Text and shapes

  func width(_ text: String, _ font: OverlayScene.Font) -> Double {
    measurer.width(of: text, font: font, size: metrics.pixelSize(of: font))
  }

  func wrap(_ text: String, _ font: OverlayScene.Font, width: Double) -> [String] {
    measurer.wrap(text, font: font, size: metrics.pixelSize(of: font), width: max(1, width))
  }

  /// A rectangle in the panel from content coordinates (0 at the padding).
  func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
    Rect(x: padding + x, y: y, width: max(0, width), height: height)
  }

  mutating func text(
    _ text: String, _ font: OverlayScene.Font, _ paint: OverlayScene.Paint, in frame: Rect,
    alignment: OverlayScene.Alignment = .left
  ) {
    guard !text.isEmpty, frame.width > 0 else { return }
    elements.append(
      .text(OverlayScene.Text(text, font: font, paint: paint, frame: frame, alignment: alignment)))
  }

  mutating func fill(_ frame: Rect, radius: Double = 0, _ paint: OverlayScene.Paint) {
    elements.append(.fill(frame, radius: radius, paint))
  }

  mutating func outline(_ frame: Rect, radius: Double = 0, lineWidth: Double, _ paint: OverlayScene.Paint) {
    elements.append(.outline(frame, radius: radius, lineWidth: lineWidth, paint))
  }

  /// "›" pointing onwards (to a submenu, down the path).
  var onwards: String { rightToLeft ? "‹" : "›" }

  // MARK: Header and footer

  /// The breadcrumb of a submenu, the title (two lines at most), a divider.
  func headerBlocks() -> [Block] {
    var blocks: [Block] = []
    if let path = picture.menu?.path, path.count > 1 {
      let crumbs = path.dropLast().joined(separator: " \(onwards) ")
      let height = metrics.lineHeight(of: .small)
      blocks.append(
        Block(height: height) { layout, y in
          layout.text(crumbs, .small, .dimmed, in: layout.rect(0, y, layout.inner, height))
        })
    }
    let title = picture.menu?.title ?? picture.title
    guard !title.isEmpty else { return blocks }
    var lines = wrap(title, .title, width: inner)
    if lines.count > 2 { lines = [lines[0], lines[1...].joined(separator: " ")] }
    let line = metrics.lineHeight(of: .title)
    let height = Double(lines.count) * line + metrics.gap + metrics.hairline
    blocks.append(
      Block(height: height) { [lines] layout, y in
        for (index, text) in lines.enumerated() {
          layout.text(text, .title, .title, in: layout.rect(0, y + Double(index) * line, layout.inner, line))
        }
        layout.fill(
          layout.rect(0, y + height - layout.metrics.hairline, layout.inner, layout.metrics.hairline), .track)
      })
    return blocks
  }

  /// The footer's texts: what the keys do, and where the list is and
  /// what is behind. `pageShown`: how many of a page's lines are shown.
  /// `widest`: the widest form, to measure (no page line shown, the last
  /// item of the list highlighted), so that the panel keeps its width as
  /// the highlight moves.
  func footerTexts(pageShown: Int?, widest: Bool = false) -> (hint: String, position: String) {
    var hint: String
    var position: [String] = []
    if let menu = picture.menu {
      hint = ModalTextRenderer.hint(menu)
      if let highlight = menu.highlight, menu.total > 1 {
        position.append("\(widest ? menu.total : menu.offset + highlight + 1)/\(menu.total)")
      }
    } else {
      hint = ModalTextRenderer.hint(picture, shownLines: widest && picture.page != nil ? 0 : pageShown)
      if let choices = picture.choices, let highlight = choices.highlight, choices.total > 1 {
        position.append("\(widest ? choices.total : choices.offset + highlight + 1)/\(choices.total)")
      }
    }
    if behind > 0 {
      position.append(behind == 1 ? "1 more behind this one" : "\(behind) more behind this one")
    }
    return (hint, position.joined(separator: " · "))
  }

  /// What the keys do at the left; where the list is and what is behind at
  /// the right; nothing (no block) when there is neither.
  func footerBlock() -> Block? {
    let widest = footerTexts(pageShown: nil, widest: true)
    guard !widest.hint.isEmpty || !widest.position.isEmpty else { return nil }
    let height = metrics.lineHeight(of: .small)
    return Block(height: height) { layout, y in
      let (hint, right) = layout.footerTexts(pageShown: layout.pageShown)
      let rightWidth = right.isEmpty ? 0 : min(layout.inner, layout.width(right, .small))
      layout.text(
        right, .small, .dimmed, in: layout.rect(layout.inner - rightWidth, y, rightWidth, height),
        alignment: .right)
      let left = layout.inner - rightWidth - (right.isEmpty ? 0 : layout.em)
      layout.text(hint, .small, .dimmed, in: layout.rect(0, y, left, height))
    }
  }

  /// The footer's width at its widest.
  func footerNaturalWidth() -> Double {
    let widest = footerTexts(pageShown: nil, widest: true)
    return width(widest.hint, .small) + (widest.position.isEmpty ? 0 : em + width(widest.position, .small))
  }

  // MARK: Width

  /// The width the parts ask for (long texts and lists capped by the widest panel).
  func naturalWidth() -> Double {
    let cap = metrics.widestPanel
    var widths = [width(picture.menu?.title ?? picture.title, .title), footerNaturalWidth()]
    if let menu = picture.menu {
      var widest = 0.0
      for item in menu.items where widest < cap {
        widest = max(widest, width(item.title, .body))
      }
      widths.append(widest + itemDecorationWidth)
    } else {
      if let text = picture.text {
        var widest = 0.0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(64)
        where widest < cap {
          widest = max(widest, width(String(line), .body))
        }
        widths.append(widest)
      }
      if let page = picture.page {
        var widest = 0.0
        for line in page.lines.prefix(64) where widest < cap { widest = max(widest, width(line, .body)) }
        widths.append(widest + scrollBarRoom)
      }
      if let choices = picture.choices { widths.append(choicesNaturalWidth(choices)) }
      if picture.percent != nil || picture.field != nil { widths.append(16 * em) }
      if let keyboard = picture.keyboard { widths.append(keyboardNaturalWidth(keyboard)) }
      widths.append(buttonsNaturalWidth())
    }
    return widths.max() ?? 0
  }
}
