public import KeyMenuCore
public import KeyMenuPluginAPI
public import KeyMenuProtocol

/// One text box: long text read by scrolling, closed with Enter. A pure
/// state machine.
///
/// Up/Down scroll a line, Page Up/Page Down a page (``pageLines``),
/// Home/End to either end (End: the last page); Enter (keypad Enter, OK,
/// Select) closes it (`key`), Esc (Back, Exit) too (`escape`). Held keys
/// repeat; releases of its keys are consumed with them. Other keys pass.
///
/// While the text has the focus (``textFocused``, whiptail's `--scrolltext`,
/// measured against Debian's whiptail): Enter, Space, Home and End do
/// nothing, the other scrolling keys scroll; Tab moves the focus to the
/// button and back; on the button Enter and Space close it; F12 closes it
/// wherever the focus is.
public struct TextBoxMachine: DialogMachine, Sendable {
  /// The text's lines.
  public let lines: [String]
  /// The first line shown.
  public private(set) var top = 0
  /// Lines a page moves.
  public let pageLines: Int
  /// Whether the text, not the button, has the focus.
  public private(set) var textFocused: Bool
  /// Whether Tab, Space and F12 are the box's (a box that started with the
  /// text focused, as whiptail's `--scrolltext`).
  private let focusMoves: Bool
  private var consumedKeys = ConsumedKeys()
  private var isFinished = false

  /// The most lines a picture carries from ``top`` on: presenters show what
  /// fits of them, and notifications stay small however long the text is.
  public static let window = 200

  /// A box of `text`, split at its line breaks, at its top; the text
  /// focused at first when `textFocused`.
  public init(text: String, pageLines: Int = 10, textFocused: Bool = false) {
    self.lines = Self.lines(of: text)
    self.pageLines = max(1, pageLines)
    self.textFocused = textFocused
    self.focusMoves = textFocused
  }

  /// `text` split at its line feeds, the lines `text.split(separator: "\n",
  /// omittingEmptySubsequences: false)` gives (a CR LF pair is one
  /// Character, not a line feed, and stays in its line), found in the UTF-8
  /// bytes: walking a 60 KB text Character by Character took the engine
  /// about 3 ms per box, most of keymenud's CPU in the soak's hostile phase
  /// (text boxes by the thousand), and held root's answers up behind it. A
  /// line feed not after a CR is always a Character of its own, so the cuts
  /// fall where the Character walk made them.
  static func lines(of text: String) -> [String] {
    var lines: [String] = []
    let bytes = text.utf8
    var start = bytes.startIndex
    var previous: UInt8 = 0
    var index = bytes.startIndex
    while index != bytes.endIndex {
      let byte = bytes[index]
      let next = bytes.index(after: index)
      if byte == UInt8(ascii: "\n"), previous != UInt8(ascii: "\r") {
        lines.append(String(text[start..<index]))
        start = next
      }
      previous = byte
      index = next
    }
    lines.append(String(text[start..<bytes.endIndex]))
    return lines
  }

  /// The highest ``top``: the last page's first line.
  public var lastTop: Int { max(0, lines.count - pageLines) }

  public mutating func respond(to event: KeyEvent) -> DialogStep<DialogEndResult> {
    if let consumed = consumedKeys.follow(event) {
      guard consumed, event.action == .repeat, !isFinished else { return DialogStep(consumed: consumed) }
      return press(event.code) ?? DialogStep(consumed: true)
    }
    guard !isFinished, event.action == .down, let step = press(event.code) else { return .passed }
    consumedKeys.insert(event.code)
    return step
  }

  private mutating func press(_ key: KeyCode) -> DialogStep<DialogEndResult>? {
    if focusMoves {
      switch key {
      case DialogKeys.tab:
        textFocused.toggle()
        return DialogStep(consumed: true, changed: true)
      case DialogKeys.f12:
        return close()
      case DialogKeys.space where !textFocused:
        return close()
      case DialogKeys.space:
        return DialogStep(consumed: true)
      default:
        let ignored = DialogKeys.accept.contains(key) || key == DialogKeys.home || key == DialogKeys.end
        if textFocused, ignored { return DialogStep(consumed: true) }
      }
    }
    if DialogKeys.accept.contains(key) {
      return close()
    }
    if DialogKeys.cancel.contains(key) {
      isFinished = true
      return DialogStep(consumed: true, answer: .cancelled(reason: DialogEndResult.escape))
    }
    let target: Int
    switch key {
    case .up: target = top - 1
    case .down: target = top + 1
    case DialogKeys.pageUp: target = top - pageLines
    case DialogKeys.pageDown: target = top + pageLines
    case DialogKeys.home: target = 0
    case DialogKeys.end: target = lastTop
    default: return nil
    }
    return scroll(to: target)
  }

  /// Closes the box as Enter on its button does (reason `key`).
  private mutating func close() -> DialogStep<DialogEndResult> {
    isFinished = true
    return DialogStep(consumed: true, answer: .closed(reason: DialogEndResult.key))
  }

  /// ``top`` to `target`, clamped to the text; changed when it moved.
  private mutating func scroll(to target: Int) -> DialogStep<DialogEndResult> {
    let before = top
    top = min(max(target, 0), lastTop)
    return DialogStep(consumed: true, changed: top != before)
  }

  /// Handles a tap: one on its button closes the box as Enter on it does
  /// (reason `key`), wherever the focus is; a scroll moves the text by its
  /// rows (within the text, as the arrows do). Items, other buttons and a
  /// tap after it closed are not the box's.
  public mutating func respond(toTap target: ModalTap.Target) -> DialogStep<DialogEndResult> {
    guard !isFinished else { return .passed }
    switch target {
    case .button(0): return close()
    case .scroll(let rows): return scroll(to: top + rows)
    case .button, .item: return .passed
    }
  }

  /// The box as presenters see it: a window of lines from ``top`` and its
  /// one button, focused unless the text is.
  public func snapshot(id: String, title: String, button: String) -> ModalPicture {
    let window = Array(lines[min(top, lines.count)..<min(top + Self.window, lines.count)])
    return ModalPicture(
      id: id, kind: "textbox", title: title,
      page: ModalPicture.Page(lines: window, first: top, total: lines.count), buttons: [button],
      focusedButton: textFocused ? nil : 0)
  }
}
