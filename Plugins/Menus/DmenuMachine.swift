public import KeyMenuCore
public import KeyMenuPluginAPI

/// The key rules of a menu under dmenu 5.2's keys (``Menu/dmenu``): a pure
/// state machine over a line of typed text with a cursor, the items it
/// matches (``DmenuMatch``), the selected one and the page shown. It does
/// what Debian's dmenu does with each key (docs/COMPAT-KEYS.md has the
/// measured table; ``DmenuKey`` the Ctrl and Alt bindings):
///
/// - text typed goes in at the cursor, and every change of the text matches
///   again and selects the first match (as does Backspace, also when the
///   text gets empty); Left/Right move the cursor; Delete, Ctrl+K, Ctrl+U
///   and Ctrl+W delete;
/// - Up/Down select the previous/next match without wrapping; on one line
///   (no `-l`) Left and Right do too when the cursor cannot move (Left with
///   the cursor at the start of the text or a match before the selection,
///   Right at its end); in a vertical list they only move the cursor;
/// - Home selects the first match, or (on it already) puts the cursor at the
///   start; End puts the cursor at the end, or (there already) selects the
///   last match; Page Down/Up go to the next/previous page (`-l` items, or
///   what fits on the line, ``DmenuBar``);
/// - Tab copies the selected match into the text (then it matches itself
///   first); Return answers the selected match, or the text when nothing
///   matches; Shift+Return answers the text; with Ctrl the answer is given
///   and the menu stays open; Esc cancels.
///
/// A key's `down` and its repeats act (dmenu acts on every key press,
/// autorepeat included); its `up` is consumed too, also after the answer,
/// through ``consumedKeys``. Keys dmenu does not bind pass.
public struct DmenuMachine: Sendable {
  /// What was answered: an item by its index among the titles, or the text.
  public enum Answer: Hashable, Sendable {
    case item(Int)
    case typed(String)
  }

  /// What handling a key did.
  public enum Effect: Hashable, Sendable {
    /// The text, the matches or the selection changed.
    case changed
    /// An answer; with `keepOpen` (Ctrl+Return) the menu stays open.
    case answered(Answer, keepOpen: Bool)
    /// Esc: closed without an answer.
    case cancelled
  }

  /// The items' titles, by index.
  public let titles: [String]
  /// The matcher over the titles.
  private let matcher: DmenuMatch
  /// Lines of the vertical list (dmenu's `-l`, at most the items); 0 on one line.
  public let lines: Int
  /// On one line: each item's estimated width and the room there is (``DmenuBar``).
  private let widths: [Int]
  private let room: Int

  /// The text typed, as Unicode scalars (dmenu moves its cursor by UTF-8 sequences).
  private var scalars: [Unicode.Scalar] = []
  /// Scalars before the cursor.
  public private(set) var cursor = 0
  /// The matching items' indices, in dmenu's order.
  public private(set) var matches: [Int]
  /// The selected match (an index into ``matches``), nil when nothing matches.
  public private(set) var selection: Int?
  /// The first match of the page shown (dmenu's `curr`).
  public private(set) var top = 0
  /// Whether it answered (without Ctrl) or was cancelled or closed.
  public private(set) var isFinished = false
  /// Keys whose `down` it consumed and whose `up` has not come yet.
  public private(set) var consumedKeys = ConsumedKeys()

  /// A machine over `titles` in `style`; `prompt` (the menu's title) takes
  /// room on dmenu's one line.
  public init(titles: [String], style: DmenuStyle, prompt: String = "") {
    self.titles = titles
    matcher = DmenuMatch(titles, ignoreCase: style.ignoreCase)
    lines = min(style.lines, titles.count)
    room = lines > 0 ? lines : DmenuBar.room(prompt: prompt)
    widths = lines > 0 ? [] : titles.map(DmenuBar.textWidth)
    matches = Array(titles.indices)
    selection = matches.isEmpty ? nil : 0
  }

  /// The text typed.
  public var text: String { String(String.UnicodeScalarView(scalars)) }

  /// The selected item's index among the titles, if any.
  public var selectedItem: Int? { selection.map { matches[$0] } }

  /// Handles one key event; returns whether it was consumed and the effects.
  public mutating func handle(_ event: KeyEvent) -> (consumed: Bool, effects: [Effect]) {
    var keys = consumedKeys
    defer { consumedKeys = keys }
    return keys.route(event, finished: isFinished) { press($0) }
  }

  /// Ends it from outside (its menu closed): keys pass from now on.
  public mutating func finish() { isFinished = true }

  private mutating func press(_ event: KeyEvent) -> [Effect]? {
    guard let key = DmenuKey(event) else { return nil }
    let before = (scalars, cursor, selection, top)
    switch key {
    case .return(let shift, let control):
      let answer: Answer = shift ? .typed(text) : selectedItem.map { .item($0) } ?? .typed(text)
      if !control { isFinished = true }
      return [.answered(answer, keepOpen: control)]
    case .escape:
      isFinished = true
      return [.cancelled]
    default:
      edit(key)
    }
    return before == (scalars, cursor, selection, top) ? [] : [.changed]
  }

  /// Carries out a key that neither answers nor cancels.
  private mutating func edit(_ key: DmenuKey) {
    switch key {
    case .text(let typed): insert(Array(typed.unicodeScalars))
    case .delete:
      guard cursor < scalars.count else { return }
      cursor += 1
      deleteBack(1)
    case .backspace: deleteBack(1)
    case .deleteToStart:
      // dmenu matches again even when there is nothing before the cursor.
      scalars.removeSubrange(..<cursor)
      cursor = 0
      rematch()
    case .deleteToEnd:
      scalars.removeSubrange(cursor...)
      rematch()
    case .deleteWord:
      deleteBack(cursor - wordEdge(before: cursor))
    case .wordLeft: cursor = wordEdge(before: cursor)
    case .wordRight: cursor = wordEdge(after: cursor)
    case .home:
      if selection == 0 || selection == nil {
        cursor = 0
      } else {
        selection = 0
        top = 0
      }
    case .end: end()
    case .left:
      if cursor > 0, selection == nil || selection == 0 || lines > 0 {
        cursor -= 1
      } else if lines == 0 {
        up()
      }
    case .right:
      if cursor < scalars.count {
        cursor += 1
      } else if lines == 0 {
        down()
      }
    case .up: up()
    case .down: down()
    case .pageDown:
      guard let next = nextPage else { return }
      (selection, top) = (next, next)
    case .pageUp:
      guard !matches.isEmpty else { return }
      (selection, top) = (previousPage, previousPage)
    case .tab:
      guard let item = selectedItem else { return }
      scalars = Array(titles[item].unicodeScalars)
      cursor = scalars.count
      rematch()
    case .return, .escape, .ignored: break
    }
  }

  /// The longest text in UTF-8 bytes (dmenu's buffer, less its NUL).
  public static let maximumTextBytes = 8191

  private mutating func insert(_ typed: [Unicode.Scalar]) {
    let bytes = (scalars + typed).reduce(0) { $0 + UTF8.width($1) }
    guard bytes <= Self.maximumTextBytes else { return }
    scalars.insert(contentsOf: typed, at: cursor)
    cursor += typed.count
    rematch()
  }

  /// Deletes `count` scalars before the cursor (nothing when none).
  private mutating func deleteBack(_ count: Int) {
    guard count > 0 else { return }
    scalars.removeSubrange(cursor - count..<cursor)
    cursor -= count
    rematch()
  }

  /// Matches the text again: the first match is selected, on the first page.
  private mutating func rematch() {
    matches = matcher.order(text)
    selection = matches.isEmpty ? nil : 0
    top = 0
  }

  /// The start of the word before `index` (spaces before it skipped).
  private func wordEdge(before index: Int) -> Int {
    var position = index
    while position > 0, scalars[position - 1] == " " { position -= 1 }
    while position > 0, scalars[position - 1] != " " { position -= 1 }
    return position
  }

  /// The end of the word after `index` (spaces after it skipped).
  private func wordEdge(after index: Int) -> Int {
    var position = index
    while position < scalars.count, scalars[position] == " " { position += 1 }
    while position < scalars.count, scalars[position] != " " { position += 1 }
    return position
  }

  private mutating func up() {
    guard let current = selection, current > 0 else { return }
    selection = current - 1
    if current == top { top = previousPage }
  }

  private mutating func down() {
    guard let current = selection, current + 1 < matches.count else { return }
    selection = current + 1
    if current + 1 == nextPage { top = current + 1 }
  }

  /// End: the cursor to the end of the text, or (there already) the last
  /// match selected, on a page that ends with it.
  private mutating func end() {
    guard cursor == scalars.count else {
      cursor = scalars.count
      return
    }
    guard let last = matches.indices.last else { return }
    if nextPage != nil {
      top = last
      top = previousPage
      while nextPage != nil, top < last { top += 1 }
    }
    selection = last
  }

  /// How much room a match takes on a page.
  private func width(_ match: Int) -> Int { lines > 0 ? 1 : min(widths[matches[match]], room) }

  /// The first match of the page after the one shown (dmenu's `next`), nil on the last page.
  private var nextPage: Int? {
    var used = 0
    var index = top
    while index < matches.count {
      used += width(index)
      if used > room { return index }
      index += 1
    }
    return nil
  }

  /// The first match of the page before the one shown (dmenu's `prev`; the
  /// first match on the first page).
  private var previousPage: Int {
    var used = 0
    var index = top
    while index > 0 {
      used += width(index - 1)
      if used > room { break }
      index -= 1
    }
    return index
  }
}
