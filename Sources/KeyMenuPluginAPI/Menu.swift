public import KeyMenuCore
public import KeyMenuProtocol

/// A modal list of items in sections, possibly nested.
public struct Menu: Hashable, Sendable, Codable {
  /// The title shown above the items.
  public var title: String
  /// The sections, in order; presenters draw a separator between them.
  public var sections: [MenuSection]
  /// Whether typing letters filters the items (type-to-filter).
  public var filterable: Bool
  /// The item highlighted when this level opens: its number among the
  /// level's items, counted from 0 over every section in order (separators
  /// are not items), as digit N+1 chooses it. One out of range or disabled
  /// is ignored: the first enabled item is highlighted, as whiptail ignores
  /// a `--default-item` that names no item.
  public var highlight: Int?
  /// How long the menu waits with no key pressed before it closes by itself
  /// (``MenuResult/cancelled(_:)`` with ``MenuCancelReason/timeout``); every
  /// key pressed starts the wait again. Only the root menu's counts.
  public var timeout: Duration?
  /// dmenu's keys and matching in place of keymenu's (``DmenuStyle``);
  /// nil: keymenu's. Such a menu is one flat section, which may be empty.
  public var dmenu: DmenuStyle?
  /// Keys that answer the menu with their own name (a remote's colour
  /// keys, `KEY_F1`): pressed anywhere in the menu, the key closes it as
  /// ``MenuResult/key(_:title:path:value:)`` with the item highlighted.
  /// Only the root menu's count.
  public var answerKeys: [KeyCode: String] = [:]
  /// Whether it wakes the TV and takes its input (HDMI-CEC) while it is up;
  /// nil: as the daemon's configuration says (`[cec] wake_tv`). Only the
  /// root menu's counts.
  public var wakeTV: Bool?
  /// How long OK (Enter, Select) is held on an item with a long action
  /// (``MenuItem/longSelector``) before that action runs; nil: 500 ms.
  /// Only the root menu's counts.
  public var longPress: Duration?
  /// The devices whose keys it takes (as ``Alert/devices``); nil or empty:
  /// every device. Only the root menu's count.
  public var devices: [DeviceRuleParams]?

  /// Creates a menu.
  public init(
    title: String, sections: [MenuSection], filterable: Bool = false, highlight: Int? = nil,
    timeout: Duration? = nil, dmenu: DmenuStyle? = nil
  ) {
    self.title = title
    self.sections = sections
    self.filterable = filterable
    self.highlight = highlight
    self.timeout = timeout
    self.dmenu = dmenu
  }

  /// A menu with one untitled section.
  public init(
    title: String, items: [MenuItem], filterable: Bool = false, highlight: Int? = nil,
    timeout: Duration? = nil, dmenu: DmenuStyle? = nil
  ) {
    self.init(
      title: title, sections: [MenuSection(items: items)], filterable: filterable, highlight: highlight,
      timeout: timeout, dmenu: dmenu)
  }

  /// The number (as ``highlight`` counts) of the first item of this level
  /// whose value is `text`, else of the first whose title is `text`; nil
  /// when none is.
  public func itemNumber(matching text: String) -> Int? {
    let items = sections.flatMap(\.items)
    return items.firstIndex { $0.value == text } ?? items.firstIndex { $0.title == text }
  }
}

/// A group of items.
public struct MenuSection: Hashable, Sendable, Codable {
  /// An optional heading.
  public var title: String?
  /// The items, in order.
  public var items: [MenuItem]

  /// Creates a section.
  public init(title: String? = nil, items: [MenuItem]) {
    self.title = title
    self.items = items
  }

  /// The sections of items listed in order, `nil` standing for a separator:
  /// a separator ends a section, and empty sections (a separator first, last
  /// or twice in a row) are dropped.
  public static func split(_ entries: [MenuItem?]) -> [MenuSection] {
    entries.split(separator: nil, omittingEmptySubsequences: true).map {
      MenuSection(items: $0.compactMap { $0 })
    }
  }
}

/// One entry: an action (named by its selector) or a submenu.
public struct MenuItem: Hashable, Sendable, Codable {
  /// What choosing the item does.
  public indirect enum Content: Hashable, Sendable, Codable {
    /// Invoke this selector.
    case action(selector: String)
    /// Open this submenu.
    case submenu(Menu)
  }

  /// The title; also what type-to-filter matches.
  public var title: String
  /// A key (with modifiers) that chooses the item directly.
  public var accelerator: KeyChord?
  /// What it does.
  public var content: Content
  /// Disabled items are shown but cannot be highlighted or chosen.
  public var enabled: Bool
  /// Whether the menu stays open after the item's action runs.
  public var keepOpen: Bool
  /// What choosing the item answers besides its title (whiptail's tag): given
  /// back to whoever opened the menu, never shown.
  public var value: String?
  /// The item's long action (a context menu, as Kodi's): the selector
  /// invoked when OK (Enter, Select) is held on the item past the menu's
  /// ``Menu/longPress``; the menu stays open under what it shows. An item
  /// with one chooses on the key's release, not its press.
  public var longSelector: String?

  /// Creates an item.
  public init(
    title: String, accelerator: KeyChord? = nil, content: Content, enabled: Bool = true,
    keepOpen: Bool = false, value: String? = nil
  ) {
    self.title = title
    self.accelerator = accelerator
    self.content = content
    self.enabled = enabled
    self.keepOpen = keepOpen
    self.value = value
  }

  /// An item that invokes a selector.
  public static func action(
    _ title: String, selector: String, accelerator: KeyChord? = nil, enabled: Bool = true,
    keepOpen: Bool = false, value: String? = nil
  ) -> MenuItem {
    MenuItem(
      title: title, accelerator: accelerator, content: .action(selector: selector), enabled: enabled,
      keepOpen: keepOpen, value: value)
  }

  /// An item that opens a submenu.
  public static func submenu(_ menu: Menu, accelerator: KeyChord? = nil) -> MenuItem {
    MenuItem(title: menu.title, accelerator: accelerator, content: .submenu(menu))
  }
}

/// A key plus the modifiers that must be held, for accelerators.
public struct KeyChord: Hashable, Sendable, Codable {
  /// The key.
  public var key: KeyCode
  /// Which modifiers must be held; either side matches (`ctrl` is left or right Ctrl).
  public var modifiers: Set<Modifier>

  /// A modifier regardless of side.
  public enum Modifier: String, Hashable, Sendable, Codable, CaseIterable {
    case ctrl, shift, alt, meta, altgr

    var sides: ModifierSet {
      switch self {
      case .ctrl: .ctrl
      case .shift: .shift
      case .alt: .leftAlt
      case .meta: .meta
      case .altgr: .altGr
      }
    }
  }

  /// Creates a chord.
  public init(_ key: KeyCode, _ modifiers: Set<Modifier> = []) {
    self.key = key
    self.modifiers = modifiers
  }

  /// Whether a key event is this chord: the same key, exactly these modifiers held.
  ///
  /// A letter key (`a`, `KEY_A`) is the key that types that letter under
  /// the device's keyboard layout (``KeyEvent/layoutLetter``): on AZERTY,
  /// `a` is the key marked A (`KEY_Q`); on a Russian layout, the key of
  /// the US position. With `altgr`, which picks another level of the key,
  /// and for every other key, the key's position (its code) decides.
  public func matches(_ event: KeyEvent) -> Bool {
    sameKey(event)
      && Modifier.allCases.allSatisfy { modifier in
        modifiers.contains(modifier) == !event.modifiers.isDisjoint(with: modifier.sides)
      }
  }

  private func sameKey(_ event: KeyEvent) -> Bool {
    guard event.text != nil, let letter = key.letter, !modifiers.contains(.altgr) else {
      return event.code == key
    }
    return event.layoutLetter == letter
  }
}
