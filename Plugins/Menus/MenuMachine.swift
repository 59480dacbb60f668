public import KeyMenuCore
public import KeyMenuPluginAPI

/// The key rules of one menu in front: a pure state machine.
///
/// Up/Down (wrapping), Home/End and PageUp/PageDown move the highlight over
/// enabled items; Enter, keypad Enter, OK, Select and Right activate (enter a
/// submenu or invoke the item's selector); Backspace, Left and Back go up one
/// level and close at the top; Esc closes the whole menu; 1-9 activate item
/// N; accelerators are checked before all of these. On an item with a long
/// action (``MenuItem/longSelector``), Enter, OK and Select choose on the
/// way up, and held past ``Menu/longPress`` run the long action instead.
///
/// With type-to-filter (``Menu/filterable``), what a person types is text,
/// as in rofi and fzf: what the keyboard layout types (letters, digits,
/// punctuation; by US position without a layout: letters and top-row
/// digits) and Space (after the first character) go into the filter, whose
/// words must each occur in a title, with case (of any script) and Latin
/// diacritics folded (``FilterText``); Backspace edits the filter first;
/// Esc clears a typed filter before it closes the menu; an accelerator on
/// a key that types text does not fire (one with Ctrl, Alt or Meta, or on
/// another key, does); keypad and remote digits still choose item N. A consumed key's `up` and repeats are consumed too.
///
/// A menu under dmenu's keys (``Menu/dmenu``) follows ``DmenuMachine``'s
/// rules instead of all of the above (MenuMachine+Dmenu).
///
/// A level opens with its ``Menu/highlight`` highlighted when that is an
/// enabled item, else the first enabled one. The machine keeps no time: its
/// owner runs the ``Menu/timeout`` and calls ``timeOut()``.
public struct MenuMachine: Sendable {
  /// One open level: the root menu or a submenu.
  public struct Level: Hashable, Sendable {
    /// The menu at this level; live edits change it.
    public internal(set) var menu: Menu
    /// The highlighted entry of ``visible``, if any.
    public var highlight: Int?
    /// The type-to-filter text.
    public private(set) var filter: String = ""
    /// The items as shown, kept in step with ``filter`` (not recomputed per key).
    public private(set) var visible: [VisibleItem]
    /// Titles from the root menu to this level, made once when it opens.
    public let path: [String]

    /// The titles in ``FilterText/folded(_:)`` form, by section, made when
    /// the level opens or is edited rather than on every key typed (a
    /// 60,000-item list would fold every title per key otherwise); empty
    /// when the menu does not filter.
    private var foldedTitles: [[String]]

    init(menu: Menu, parentPath: [String] = []) {
      self.menu = menu
      self.path = parentPath + [menu.title]
      self.foldedTitles = Self.folded(menu)
      self.visible = MenuMachine.visible(menu, filter: "", foldedTitles: foldedTitles)
      let wanted = menu.highlight.flatMap {
        visible.indices.contains($0) && visible[$0].item.enabled ? $0 : nil
      }
      self.highlight = wanted ?? visible.firstIndex { $0.item.enabled }
    }

    /// Sets the filter and highlights the first enabled match.
    mutating func setFilter(_ text: String) {
      filter = text
      visible = MenuMachine.visible(menu, filter: text, foldedTitles: foldedTitles)
      highlight = visible.firstIndex { $0.item.enabled }
    }

    /// Shows the items of section 0 at `matches` (indices into it), in that
    /// order, `highlight` highlighted, `filter` as the text typed: what a
    /// menu under dmenu's keys shows (``DmenuMachine``).
    mutating func show(matches: [Int], highlight: Int?, filter: String) {
      self.filter = filter
      let items = menu.sections.first?.items ?? []
      visible = matches.enumerated().map { order, index in
        VisibleItem(
          section: 0, index: index, item: items[index],
          position: SectionPosition(index: order, count: matches.count))
      }
      self.highlight = highlight
    }

    /// Recomputes the shown items after an edit of ``menu``.
    mutating func refreshVisible() {
      foldedTitles = Self.folded(menu)
      visible = MenuMachine.visible(menu, filter: filter, foldedTitles: foldedTitles)
    }

    private static func folded(_ menu: Menu) -> [[String]] {
      guard menu.filterable else { return [] }
      return menu.sections.map { $0.items.map { FilterText.folded($0.title) } }
    }
  }

  /// An item as shown: filtered, numbered, with its section position.
  public struct VisibleItem: Hashable, Sendable {
    public var section: Int
    public var index: Int
    public var item: MenuItem
    public var position: SectionPosition
  }

  /// How the menu closed.
  public enum CloseReason: Hashable, Sendable {
    /// An item was chosen (its ``Effect/invoke(selector:title:path:value:)`` came first).
    case chose
    /// Without a choice, and why.
    case cancelled(MenuCancelReason)
  }

  /// What handling a key did.
  public enum Effect: Hashable, Sendable {
    case highlight(Int?)
    case openedSubmenu(String)
    case wentBack
    case filter(String)
    /// An item's selector is to be invoked; `path` holds the titles from the
    /// root, `value` the item's ``MenuItem/value``.
    case invoke(selector: String, title: String, path: [String], value: String? = nil)
    /// The text typed is the answer (under dmenu's keys); ``closed(_:)``
    /// with ``CloseReason/chose`` or ``kept`` follows.
    case typed(String)
    /// OK (Enter, Select) went down on an item with a long action: its
    /// owner calls ``MenuMachine/longPressed()`` once the menu's
    /// ``Menu/longPress`` passes; the key's release before that chooses the item.
    case holding
    /// The highlighted item's long action is to be invoked (held past the
    /// threshold); the menu stays open.
    case invokeLong(selector: String, title: String, path: [String])
    /// One of the root menu's answer keys (``Menu/answerKeys``) answered,
    /// with the item highlighted; ``closed(_:)`` with ``CloseReason/chose`` follows.
    case answeredByKey(String, title: String?, path: [String], value: String?)
    /// The answer just given (``invoke(selector:title:path:value:)`` or
    /// ``typed(_:)``) leaves the menu open: dmenu's Ctrl+Return.
    case kept
    case closed(CloseReason)
    /// The front level's items changed (a live edit), incrementally.
    case changed(MenuChange)
  }

  /// The open levels, root first; empty once closed.
  public internal(set) var levels: [Level]
  /// Keys whose `down` this menu consumed and whose `up` has not come yet.
  public internal(set) var consumedKeys = ConsumedKeys()
  /// The keys and text of a menu under dmenu's keys (``Menu/dmenu``), which
  /// take the place of the rules above (MenuMachine+Dmenu).
  public internal(set) var dmenu: DmenuMachine?
  /// The activate key held on an item with a long action, and the item
  /// (its index in ``visibleItems``), until it comes up or its long fires.
  public internal(set) var holding: (key: KeyCode, index: Int)?

  /// Opens a menu with its ``Menu/highlight`` (or the first enabled item)
  /// highlighted; one under dmenu's keys with its first item.
  public init(_ menu: Menu) {
    levels = [Level(menu: menu)]
    if let style = menu.dmenu {
      let titles = menu.sections.flatMap(\.items).map(\.title)
      dmenu = DmenuMachine(titles: titles, style: style, prompt: menu.title)
      levels[0].highlight = titles.isEmpty ? nil : 0
    }
  }

  /// Whether the menu is still open.
  public var isOpen: Bool { !levels.isEmpty }

  /// The items of the front level as shown.
  public var visibleItems: [VisibleItem] { levels.last?.visible ?? [] }

  /// Handles one key event; returns whether it was consumed and the effects.
  public mutating func handle(_ event: KeyEvent) -> (consumed: Bool, effects: [Effect]) {
    if dmenu != nil { return handleDmenu(event) }
    if let held = followHold(event) { return held }
    if let consumed = consumedKeys.follow(event) {
      let moves = consumed && event.action == .repeat && isOpen && MenuKeys.movement.contains(event.code)
      return (consumed, moves ? press(event) ?? [] : [])
    }
    guard isOpen, let effects = press(event) else { return (false, []) }
    consumedKeys.insert(event.code)
    return (true, effects)
  }

  /// Closes the menu from outside: its owner (``MenuCancelReason/closed``),
  /// the panic chord or the daemon stopping (``MenuCancelReason/dismissed``).
  public mutating func close(_ reason: MenuCancelReason = .closed) -> [Effect] {
    guard isOpen else { return [] }
    levels.removeAll()
    dmenu?.finish()
    return [.closed(.cancelled(reason))]
  }

  /// Closes the menu because its ``Menu/timeout`` passed with no key pressed.
  public mutating func timeOut() -> [Effect] {
    close(.timeout)
  }

  private mutating func press(_ event: KeyEvent) -> [Effect]? {
    let items = visibleItems
    let key = event.code
    if let name = levels.first?.menu.answerKeys[key] { return answer(byKey: name) }
    let typing = levels.last?.menu.filterable == true ? Self.typedText(event) : nil
    if typing == nil,
      let accelerated = items.firstIndex(where: { $0.item.accelerator?.matches(event) == true })
    {
      return activate(accelerated)
    }
    let filter = levels.last?.filter ?? ""
    if let typing, typing != " " || !filter.isEmpty {
      return setFilter(filter + typing)
    }
    switch key {
    case .down: return move(from: currentHighlight, by: 1, wrap: true)
    case .up: return move(from: currentHighlight, by: -1, wrap: true)
    case MenuKeys.home: return move(from: -1, by: 1, wrap: false)
    case MenuKeys.end: return move(from: items.count, by: -1, wrap: false)
    case MenuKeys.pageDown: return page(by: MenuKeys.pageSize)
    case MenuKeys.pageUp: return page(by: -MenuKeys.pageSize)
    case .escape where !filter.isEmpty: return setFilter("")
    case .escape: return close(.escape)
    // A remote's Exit leaves the whole menu, as Esc does (its Back goes up a level).
    case .exit: return close(.escape)
    case MenuKeys.backspace where !(levels.last?.filter.isEmpty ?? true):
      var filter = levels[levels.count - 1].filter
      filter.removeLast()
      return setFilter(filter)
    default: break
    }
    if MenuKeys.activate.contains(key) {
      guard let highlight = currentHighlight else { return [] }
      // Right chooses at once; the others may be held on an item with a long action.
      return activate(highlight, holding: event.action == .down && key != .right ? key : nil)
    }
    if MenuKeys.goBack.contains(key) || key == MenuKeys.backspace { return goBack() }
    if let digit = key.digit, digit > 0 {
      return items.indices.contains(digit - 1) ? activate(digit - 1) : []
    }
    return typing == " " ? [] : nil
  }

  /// The text a key types into a filter, without Ctrl, Alt or Meta (Shift
  /// and AltGr are allowed), or nil: what the device's keyboard layout types
  /// (`ö`, a Cyrillic letter, AZERTY's `a` on the key marked A) except on
  /// the keypad's and remotes' digits, which choose item N; without a
  /// layout, a letter or top-row digit by US position, or a space.
  static func typedText(_ event: KeyEvent) -> String? {
    guard event.modifiers.isDisjoint(with: MenuKeys.commandModifiers) else { return nil }
    if let text = event.text {
      return text.isEmpty || event.code.isKeypadDigit ? nil : text
    }
    if let letter = event.letter { return String(letter) }
    if event.code == MenuKeys.space { return " " }
    if (2...11).contains(event.code.rawValue), let digit = event.code.digit { return String(digit) }
    return nil
  }

  var currentHighlight: Int? { levels.last?.highlight }

  /// Closes the menu answered by one of its answer keys, with the item
  /// highlighted (if any).
  mutating func answer(byKey name: String) -> [Effect] {
    let item = currentHighlight.flatMap { visibleItems.indices.contains($0) ? visibleItems[$0].item : nil }
    let path = levels.last?.path ?? []
    levels.removeAll()
    return [.answeredByKey(name, title: item?.title, path: path, value: item?.value), .closed(.chose)]
  }

  mutating func move(from start: Int?, by step: Int, wrap: Bool) -> [Effect] {
    let items = visibleItems
    guard !items.isEmpty else { return [] }
    var index = start ?? (step > 0 ? -1 : items.count)
    for _ in 0..<items.count {
      index += step
      if wrap { index = (index + items.count) % items.count }
      guard items.indices.contains(index) else { return [] }
      if items[index].item.enabled { return setHighlight(index) }
    }
    return []
  }

  private mutating func page(by step: Int) -> [Effect] {
    let items = visibleItems
    guard !items.isEmpty else { return [] }
    let target = min(max((currentHighlight ?? 0) + step, 0), items.count - 1)
    let forward = items[target...].firstIndex { $0.item.enabled }
    let backward = items[...target].lastIndex { $0.item.enabled }
    guard let index = step > 0 ? (backward ?? forward) : (forward ?? backward) else { return [] }
    return setHighlight(index)
  }

  private mutating func setHighlight(_ index: Int?) -> [Effect] {
    guard levels[levels.count - 1].highlight != index else { return [] }
    levels[levels.count - 1].highlight = index
    return [.highlight(index)]
  }

  private mutating func setFilter(_ filter: String) -> [Effect] {
    levels[levels.count - 1].setFilter(filter)
    return [.filter(filter), .highlight(levels[levels.count - 1].highlight)]
  }

  /// Chooses the item at `index`; with `key` (an activate key going
  /// down), an item with a long action is held instead (``holding``).
  mutating func activate(_ index: Int, holding key: KeyCode? = nil) -> [Effect] {
    let entry = visibleItems[index]
    guard entry.item.enabled else { return [] }
    if let key, entry.item.longSelector != nil {
      holding = (key, index)
      return [.holding]
    }
    var effects = setHighlight(index)
    switch entry.item.content {
    case .submenu(let submenu):
      levels.append(Level(menu: submenu, parentPath: levels.last?.path ?? []))
      effects.append(.openedSubmenu(submenu.title))
    case .action(let selector):
      effects.append(
        .invoke(
          selector: selector, title: entry.item.title, path: levels[levels.count - 1].path,
          value: entry.item.value))
      if !entry.item.keepOpen {
        levels.removeAll()
        effects.append(.closed(.chose))
      }
    }
    return effects
  }

  private mutating func goBack() -> [Effect] {
    guard levels.count > 1 else { return close(.escape) }
    levels.removeLast()
    return [.wentBack]
  }

  /// The items shown under `filter`, matched against `foldedTitles` (the
  /// titles folded once, by section; an empty filter needs none).
  static func visible(_ menu: Menu, filter: String, foldedTitles: [[String]]) -> [VisibleItem] {
    let words = FilterText.words(filter)
    var result: [VisibleItem] = []
    for (sectionIndex, section) in menu.sections.enumerated() {
      let shown = section.items.indices.filter { index in
        words.isEmpty || FilterText.matches(folded: foldedTitles[sectionIndex][index], words: words)
      }
      for (order, index) in shown.enumerated() {
        result.append(
          VisibleItem(
            section: sectionIndex, index: index, item: section.items[index],
            position: SectionPosition(index: order, count: shown.count)))
      }
    }
    return result
  }
}
