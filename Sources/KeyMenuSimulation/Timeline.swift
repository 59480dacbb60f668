import KeyMenuCore
import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuRouting

/// The lines a simulation prints, each stamped with the engine's virtual time.
@EngineActor
final class Timeline {
  private let engine: Engine
  private(set) var lines: [String] = []
  /// The sequence hint last written, to write only its changes.
  private var hint: ModalPicture?

  init(engine: Engine) { self.engine = engine }

  func add(_ text: String) {
    let millis = engine.now.wholeMilliseconds
    let stamp = String(millis) + "ms"
    lines.append(String(repeating: " ", count: max(0, 7 - stamp.count)) + stamp + "  " + text)
  }

  /// Writes every notification a presenter or subscriber would see.
  func observe(_ center: NotificationCenter) {
    _ = center.observe { [weak self] notification in
      guard let self else { return }
      if let stack = notification.modalSnapshot?.stack { self.follow(hint: stack.last { $0.kind == "hint" }) }
      guard let line = Self.describe(notification) else { return }
      self.add(line)
    }
  }

  /// A sequence's hint as presenters get it: one line when it comes or
  /// changes (its lines joined by `|`), one when it goes.
  private func follow(hint: ModalPicture?) {
    guard hint != self.hint else { return }
    self.hint = hint
    guard let hint else { return add("hint gone") }
    add("hint \"\(hint.title)\": " + (hint.text ?? "").split(separator: "\n").joined(separator: " | "))
  }

  nonisolated static func describe(_ notification: Notification) -> String? {
    switch notification.name {
    case .menuOpened, .menuUpdated:
      guard let menu = notification.payload(as: ModalPicture.self)?.menu else { return nil }
      let verb = notification.name == .menuOpened ? "menu opened" : "menu"
      return "\(verb) \(describe(menu))"
    case .menuChanged:
      guard let changed = notification.payload(as: MenuChanged.self) else { return nil }
      guard let menu = changed.snapshot.menu else { return nil }
      let positions = menu.items.map(\.position).joined(separator: " ")
      return "menu changed (\(describe(changed.change))) \(describe(menu)) {\(positions)}"
    case .menuSelected:
      guard let selected = notification.payload(as: MenuSelected.self) else { return nil }
      return "selected \"\(selected.title)\" in \(selected.path.joined(separator: " > "))"
    case .alertShown, .alertFocus:
      guard let alert = notification.payload(as: ModalPicture.self) else { return nil }
      let buttons = alert.buttons.enumerated().map {
        $0.offset == alert.focusedButton ? "[\($0.element)]" : $0.element
      }
      let verb = notification.name == .alertShown ? "alert shown" : "alert"
      return "\(verb) \"\(alert.title)\": " + buttons.joined(separator: " | ")
    case .dialogShown, .dialogUpdated:
      guard let dialog = notification.payload(as: ModalPicture.self) else { return nil }
      let verb = notification.name == .dialogShown ? "\(dialog.kind) shown" : dialog.kind
      let parts = describeParts(dialog)
      return "\(verb) \"\(dialog.title)\"" + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", "))
    case .dialogClosed:
      return "dialog closed \(notification.payload(as: String.self) ?? "?")"
    case .selectorFailed:
      return "selector failed: \(notification.payload(as: SelectorError.self)?.message ?? "?")"
    case .panic:
      return "panic chord: dismiss everything"
    default:
      return nil
    }
  }

  nonisolated static func describe(_ menu: ModalPicture.Menu) -> String {
    let items = menu.items.enumerated().map { index, item in
      var text = item.title + (item.opensSubmenu ? " >" : "")
      if !item.enabled { text = "(\(text))" }
      return index == menu.highlight ? "[\(text)]" : text
    }
    let filter = menu.filter.isEmpty ? "" : " filter \"\(menu.filter)\""
    var text = ""
    for (index, item) in items.enumerated() {
      if index > 0 { text += menu.items[index].section == menu.items[index - 1].section ? " | " : " || " }
      text += item
    }
    return menu.path.joined(separator: " > ") + filter + ": " + text
  }

  /// A dialog's parts, in drawing order: its text in angle quotes, a page
  /// (`lines 3–12 of 40`), the choices (the highlighted one in `<>`, marks
  /// `[x]` `[ ]` `(*)` `( )`, the tag or else the text), a gauge (`42%`),
  /// the field, the keyboard's focused key and a focused button.
  nonisolated static func describeParts(_ dialog: ModalPicture) -> [String] {
    var parts: [String] = []
    if let text = dialog.text {
      parts.append(
        "«" + text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\\n") + "»")
    }
    if let page = dialog.page {
      parts.append(
        "lines \(page.first + 1)–\(min(page.first + page.lines.count, page.total)) of \(page.total)")
    }
    if let choices = dialog.choices {
      let items = choices.items.enumerated().map { index, item in
        let mark =
          switch choices.marks {
          case .check: item.marked ? "[x] " : "[ ] "
          case .radio: item.marked ? "(*) " : "( ) "
          case .none: ""
          }
        let text = mark + (item.tag ?? item.text)
        return index == choices.highlight ? "<\(text)>" : text
      }
      parts.append(items.joined(separator: " | "))
    }
    if let percent = dialog.percent { parts.append("\(percent)%") }
    if let field = dialog.field { parts.append(describe(field)) }
    if let keyboard = dialog.keyboard, let key = keyboard.focused {
      // The layer is told by its first key: a…, A…, 1….
      parts.append("keyboard \(keyboard.rows.first?.first ?? "")… on \"\(key)\"")
    }
    if let focus = dialog.focusedButton, dialog.buttons.indices.contains(focus) {
      parts.append("button [\(dialog.buttons[focus])]")
    }
    return parts
  }

  /// A typed field: its text as shown (bullets when masked) in quotes, the
  /// cursor as `|`, and its limit: `"ab|c" (3/8)`.
  nonisolated static func describe(_ field: ModalPicture.Field) -> String {
    let characters = Array(field.shown)
    let cursor = min(max(field.cursor, 0), characters.count)
    let text = String(characters[..<cursor]) + "|" + String(characters[cursor...])
    return "\"\(text)\"" + (field.maximumLength.map { " (\(characters.count)/\($0))" } ?? "")
  }

  nonisolated static func describe(_ change: MenuChange) -> String {
    switch change {
    case .inserted(let section, let index): "inserted \(section).\(index)"
    case .removed(let section, let index): "removed \(section).\(index)"
    case .moved(let section, let from, let to): "moved \(section).\(from) to \(section).\(to)"
    case .updated(let section, let index): "updated \(section).\(index)"
    }
  }
}
