import KeyMenuPluginAPI
import KeyMenuProtocol

// The parts of a dialog besides lists: the message and the page being
// read, the gauge, the typed field, the on-screen keyboard, the buttons.
extension PanelLayout {
  // MARK: Text

  /// Lines of text set in `width`, from `lines[first]` on, as many as fit
  /// in `capacity` rows; how many of `lines` they show, and whether all
  /// of the rest fit.
  func rows(
    of lines: some Collection<Substring>, width: Double, capacity: Int
  ) -> (rows: [String], shown: Int, complete: Bool) {
    var rows: [String] = []
    var shown = 0
    for line in lines {
      let wrapped = wrap(String(line), .body, width: width)
      if rows.count + wrapped.count > capacity {
        let part = capacity - rows.count
        if part > 0 {
          rows += wrapped.prefix(part)
          shown += 1
        }
        return (rows, shown, false)
      }
      rows += wrapped
      shown += 1
    }
    return (rows, shown, true)
  }

  /// The message from ``ModalPicture/firstLine``, wrapped, as much as fits
  /// in `room`; a scroll bar when it is scrolled or cut.
  func textBlock(_ text: String, room: Double) -> Block {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let first = min(max(0, picture.firstLine), lines.count - 1)
    return linesBlock(lines[first...], first: first, total: lines.count, room: room)
  }

  /// The page of a text box being read, as much as fits in `room`, with its
  /// scroll bar when the text is longer.
  func pageBlock(_ page: ModalPicture.Page, room: Double) -> Block {
    var block = linesBlock(page.lines.map { Substring($0) }, first: page.first, total: page.total, room: room)
    let place = block.place
    block.place = { layout, y in
      place(&layout, y)
      layout.pageShown = layout.linesShown
    }
    return block
  }

  /// Lines of a text from its line `first` of `total`.
  func linesBlock(_ lines: some Collection<Substring>, first: Int, total: Int, room: Double) -> Block {
    let line = metrics.lineHeight
    let capacity = max(1, Int(room / line))
    var set = rows(of: lines, width: inner, capacity: capacity)
    let scrolls = first > 0 || !set.complete || first + set.shown < total
    if scrolls { set = rows(of: lines, width: inner - scrollBarRoom, capacity: capacity) }
    let height = Double(max(1, set.rows.count)) * line
    return Block(height: height) { [set] layout, y in
      let width = layout.inner - (scrolls ? layout.scrollBarRoom : 0)
      for (index, text) in set.rows.enumerated() {
        layout.text(text, .body, .text, in: layout.rect(0, y + Double(index) * line, width, line))
      }
      if scrolls { layout.scrollBar(top: y, height: height, first: first, shown: set.shown, total: total) }
      layout.linesShown = set.shown
    }
  }

  // MARK: Gauge

  /// A progress bar and its percent.
  func gaugeBlock(_ percent: Int) -> Block {
    let percent = min(max(percent, 0), 100)
    let height = metrics.rowHeight
    return Block(height: height) { layout, y in
      let label = "\(percent)%"
      let labelWidth = 3.2 * layout.em
      let bar = (0.5 * layout.em).rounded()
      let width = layout.inner - labelWidth
      let top = y + (height - bar) / 2
      layout.fill(layout.rect(0, top, width, bar), radius: bar / 2, .track)
      if percent > 0 {
        layout.fill(
          layout.rect(0, top, max(bar, width * Double(percent) / 100), bar), radius: bar / 2, .accent)
      }
      layout.text(label, .body, .text, in: layout.rect(width, y, labelWidth, height), alignment: .right)
    }
  }

  // MARK: Field

  /// The typed line in a box (a masked field's bullets), the part that ends
  /// at the cursor when it is wider, the cursor as a bar; outlined while
  /// the focus is on it.
  func fieldBlock(_ field: ModalPicture.Field) -> Block {
    let height = metrics.rowHeight
    let characters = Array(field.shown)
    let cursor = min(max(field.cursor, 0), characters.count)
    let margin = 0.4 * em
    let inside = inner - 2 * margin
    // The first character shown: the least with the text to the cursor
    // fitting (widths shrink as the start moves right).
    var low = 0
    var high = cursor
    while low < high {
      let middle = (low + high) / 2
      if width(String(characters[middle..<cursor]), .body) + 0.2 * em <= inside {
        high = middle
      } else {
        low = middle + 1
      }
    }
    let start = low
    let before = width(String(characters[start..<cursor]), .body)
    let shown = String(characters[start...])
    let focused = picture.focusedButton == nil
    return Block(height: height) { layout, y in
      let box = layout.rect(0, y, layout.inner, height)
      layout.fill(box, radius: 0.3 * layout.em, .chip)
      if focused {
        layout.outline(box, radius: 0.3 * layout.em, lineWidth: 2 * layout.metrics.hairline, .focus)
      }
      layout.text(shown, .body, .text, in: layout.rect(margin, y, inside, height))
      let bar = (1.1 * layout.em).rounded()
      layout.fill(
        layout.rect(margin + before, y + (height - bar) / 2, max(2, (0.08 * layout.em).rounded()), bar), .text
      )
    }
  }

  // MARK: Keyboard

  /// A key cap's width at full size: one unit for a character, more for a
  /// word (`shift`, `done`), four for the space bar.
  func capWidth(_ label: String) -> Double {
    let unit = 1.6 * em
    if label == ModalPicture.Keyboard.Key.space { return 4 * unit }
    if label.count == 1 { return unit }
    return max(unit, width(label, .small) + 0.8 * em)
  }

  var capGap: Double { (0.2 * em).rounded() }

  func keyboardNaturalWidth(_ keyboard: ModalPicture.Keyboard) -> Double {
    keyboard.rows.map { row in
      row.reduce(0) { $0 + capWidth($1) } + Double(max(0, row.count - 1)) * capGap
    }.max() ?? 0
  }

  /// The on-screen keyboard: rows of key caps, centred, the focused key in
  /// the focus colour (while the focus is not on a button); a row wider
  /// than the panel is narrowed.
  func keyboardBlock(_ keyboard: ModalPicture.Keyboard) -> Block {
    let cap = metrics.rowHeight
    let gap = capGap
    let height = Double(keyboard.rows.count) * cap + Double(max(0, keyboard.rows.count - 1)) * gap
    let focusOn = picture.focusedButton == nil
    return Block(height: height) { layout, y in
      for (rowIndex, row) in keyboard.rows.enumerated() {
        let widths = row.map(layout.capWidth)
        let natural = widths.reduce(0, +) + Double(max(0, row.count - 1)) * gap
        let factor = natural > layout.inner ? layout.inner / natural : 1
        var x = (layout.inner - natural * factor) / 2
        let top = y + Double(rowIndex) * (cap + gap)
        for (column, label) in row.enumerated() {
          let width = widths[column] * factor
          let focused = focusOn && rowIndex == keyboard.row && column == keyboard.column
          let frame = layout.rect(x, top, width, cap)
          layout.fill(frame, radius: 0.25 * layout.em, focused ? .focus : .chip)
          layout.text(
            label, label.count == 1 ? .body : .small, focused ? .focusText : .text, in: frame,
            alignment: .center)
          x += width + gap * factor
        }
      }
    }
  }

  // MARK: Buttons

  func chipWidth(_ label: String) -> Double { max(4 * em, width(label, .body) + 1.6 * em) }

  func buttonsNaturalWidth() -> Double {
    picture.buttons.reduce(0) { $0 + chipWidth($1) } + Double(max(0, picture.buttons.count - 1)) * metrics.gap
  }

  /// The buttons as chips, centred, the focused one in the focus colour;
  /// narrowed alike when they are wider than the panel together.
  func buttonsBlock() -> Block {
    let height = metrics.rowHeight
    let buttons = picture.buttons
    let focus = picture.focusedButton
    return Block(height: height) { layout, y in
      let gap = layout.metrics.gap
      var widths = buttons.map(layout.chipWidth)
      let natural = layout.buttonsNaturalWidth()
      if natural > layout.inner {
        let each = (layout.inner - Double(buttons.count - 1) * gap) / Double(buttons.count)
        widths = Array(repeating: max(0, each), count: buttons.count)
      }
      var x = (layout.inner - widths.reduce(0, +) - Double(buttons.count - 1) * gap) / 2
      for (index, label) in buttons.enumerated() {
        let frame = layout.rect(x, y, widths[index], height)
        let focused = index == focus
        layout.fill(frame, radius: height / 2, focused ? .focus : .chip)
        layout.text(label, .body, focused ? .focusText : .text, in: frame, alignment: .center)
        layout.targets.append(OverlayScene.Target(.button(index), frame: frame))
        x += widths[index] + gap
      }
    }
  }
}
