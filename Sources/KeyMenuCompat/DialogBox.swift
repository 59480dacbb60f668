/// The height and width a script passes after a box's text. whiptail and
/// dialog lay the box out with them (0 means "fit"); keymenu's presenters
/// lay boxes out themselves, so they are read, checked and kept, not used.
public struct BoxSize: Sendable, Hashable {
  /// Rows (0: as tall as needed).
  public var height: Int
  /// Columns (0: as wide as needed).
  public var width: Int

  /// Creates a size.
  public init(height: Int, width: Int) {
    self.height = height
    self.width = width
  }
}

/// One item of `--menu`: the tag printed when it is chosen and the text
/// shown beside it (whiptail's "tag item" pairs).
public struct MenuEntry: Sendable, Hashable {
  /// What is printed when the item is chosen.
  public var tag: String
  /// The description shown beside the tag.
  public var item: String

  /// Creates an entry.
  public init(tag: String, item: String) {
    self.tag = tag
    self.item = item
  }
}

/// One item of `--checklist` or `--radiolist`: a tag, its description and
/// whether it starts ticked (`on`, `yes` or `1`, in any case).
public struct ListEntry: Sendable, Hashable {
  /// What is printed when the item is ticked.
  public var tag: String
  /// The description (empty with `--noitem`).
  public var item: String
  /// Whether it starts ticked.
  public var isOn: Bool

  /// Creates an entry.
  public init(tag: String, item: String, isOn: Bool) {
    self.tag = tag
    self.item = item
    self.isOn = isOn
  }

  /// Whether a status word ticks an item, as whiptail reads it: `1`, or
  /// `on` / `yes` in any case.
  public static func isOn(status: String) -> Bool {
    status == "1" || status.lowercased() == "on" || status.lowercased() == "yes"
  }
}

/// One box a whiptail or dialog command line asks for, with its own
/// arguments (the options every box shares are ``DialogOptions``).
public enum DialogRequest: Sendable, Hashable {
  /// `--yesno TEXT H W`: Yes (0) or No (1).
  case yesNo(text: String, size: BoxSize)
  /// `--msgbox TEXT H W`: a message and an OK button.
  case messageBox(text: String, size: BoxSize)
  /// `--infobox TEXT H W`: a message that needs no answer.
  case infoBox(text: String, size: BoxSize)
  /// `--inputbox TEXT H W [INIT]`: a line of text.
  case inputBox(text: String, size: BoxSize, initialText: String?)
  /// `--passwordbox TEXT H W [INIT]`: a hidden line of text.
  case passwordBox(text: String, size: BoxSize, initialText: String?)
  /// `--textbox FILE H W`: a file to read.
  case textBox(file: String, size: BoxSize)
  /// `--menu TEXT H W LIST-H [TAG ITEM]...`: pick one; its tag is printed.
  case menu(text: String, size: BoxSize, listHeight: Int, items: [MenuEntry])
  /// `--checklist TEXT H W LIST-H [TAG ITEM STATUS]...`: tick several.
  case checklist(text: String, size: BoxSize, listHeight: Int, items: [ListEntry])
  /// `--radiolist TEXT H W LIST-H [TAG ITEM STATUS]...`: tick one.
  case radiolist(text: String, size: BoxSize, listHeight: Int, items: [ListEntry])
  /// `--gauge TEXT H W PERCENT`: a progress bar fed on standard input.
  case gauge(text: String, size: BoxSize, percent: Int)

  /// The box's option name without dashes (`yesno`, `menu`, ...).
  public var boxName: String {
    switch self {
    case .yesNo: "yesno"
    case .messageBox: "msgbox"
    case .infoBox: "infobox"
    case .inputBox: "inputbox"
    case .passwordBox: "passwordbox"
    case .textBox: "textbox"
    case .menu: "menu"
    case .checklist: "checklist"
    case .radiolist: "radiolist"
    case .gauge: "gauge"
    }
  }
}

extension DialogRequest {
  /// The request with `change` applied to every text it shows (its text,
  /// the items' descriptions and an input box's initial text), never to a
  /// tag or a file name: those are written back or opened as given.
  public func mappingTexts(_ change: (String) -> String) -> DialogRequest {
    switch self {
    case .yesNo(let text, let size): .yesNo(text: change(text), size: size)
    case .messageBox(let text, let size): .messageBox(text: change(text), size: size)
    case .infoBox(let text, let size): .infoBox(text: change(text), size: size)
    case .inputBox(let text, let size, let initial):
      .inputBox(text: change(text), size: size, initialText: initial)
    case .passwordBox(let text, let size, let initial):
      .passwordBox(text: change(text), size: size, initialText: initial)
    case .textBox: self
    case .menu(let text, let size, let listHeight, let items):
      .menu(
        text: change(text), size: size, listHeight: listHeight,
        items: items.map { MenuEntry(tag: $0.tag, item: change($0.item)) })
    case .checklist(let text, let size, let listHeight, let items):
      .checklist(
        text: change(text), size: size, listHeight: listHeight,
        items: items.map { ListEntry(tag: $0.tag, item: change($0.item), isOn: $0.isOn) })
    case .radiolist(let text, let size, let listHeight, let items):
      .radiolist(
        text: change(text), size: size, listHeight: listHeight,
        items: items.map { ListEntry(tag: $0.tag, item: change($0.item), isOn: $0.isOn) })
    case .gauge(let text, let size, let percent): .gauge(text: change(text), size: size, percent: percent)
    }
  }
}
