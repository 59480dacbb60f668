public import KeyMenuProtocol

/// The words the speech presenter uses, built from snapshots alone.
///
/// - Alert, prompt and every other kind but menus: from its parts
///   (``SpeechPhrases/dialog(_:)``).
/// - Focus: the focused button's title: `No`.
/// - Menu: its level and the highlighted item: `Power menu. Suspend, 1 of 4`;
///   a submenu level is `More submenu`; a title that already ends in "menu"
///   gets no second one.
/// - Item: its title, `submenu` when it opens one, `dimmed` when disabled,
///   and its place among the items shown: `More, submenu, 4 of 4`. With
///   nothing highlighted: `No items`, or `3 items, none can be chosen`.
/// - Filter: `Filter re, 2 items. Reboot, 1 of 2`; an emptied filter is
///   `Filter cleared, 4 items. ...`; no match is `Filter xyz, no items.`
///   The filter is said as typed.
/// - Nothing left in front: `Closed`.
///
/// Sentences end with a period unless they already end in punctuation.
public enum SpeechPhrases {
  /// What is said when the stack becomes empty.
  public static let closed = "Closed"

  /// A menu level with its highlighted item.
  public static func menu(_ menu: ModalPicture.Menu) -> String {
    joined([sentence(level(menu)), item(menu)])
  }

  /// The level's name: `Power menu`, `More submenu`.
  public static func level(_ menu: ModalPicture.Menu) -> String {
    let title = menu.title.trimmed
    let kind = menu.path.count > 1 ? "submenu" : "menu"
    if title.isEmpty { return kind == "menu" ? "Menu" : "Submenu" }
    let lastWord = title.split(separator: " ").last.map { $0.lowercased() } ?? ""
    return lastWord.hasSuffix("menu") ? title : title + " " + kind
  }

  /// The highlighted item and its position, or what is shown instead.
  public static func item(_ menu: ModalPicture.Menu) -> String {
    guard let index = menu.highlight, menu.items.indices.contains(index) else {
      return menu.total == 0 ? "No items" : count(menu.total) + ", none can be chosen"
    }
    let item = menu.items[index]
    var words = [item.title.trimmed]
    if item.opensSubmenu { words.append("submenu") }
    if !item.enabled { words.append("dimmed") }
    words.append("\(menu.offset + index + 1) of \(menu.total)")
    return words.joined(separator: ", ")
  }

  /// A filter change: the filter, how many items match, the highlighted one.
  public static func filter(_ menu: ModalPicture.Menu) -> String {
    let filter = menu.filter.isEmpty ? "Filter cleared" : "Filter " + menu.filter
    let matches = menu.total == 0 ? "no items" : count(menu.total)
    let head = sentence(filter + ", " + matches)
    return menu.items.isEmpty ? head : joined([head, item(menu)])
  }

  /// `1 item`, `3 items`.
  static func count(_ n: Int) -> String { n == 1 ? "1 item" : "\(n) items" }

  /// The text as a sentence: trimmed, with a period unless it ends in
  /// punctuation; empty stays empty.
  static func sentence(_ text: String) -> String {
    let trimmed = text.trimmed
    guard let last = trimmed.last else { return "" }
    return ".?!:;…".contains(last) ? trimmed : trimmed + "."
  }

  static func joined(_ parts: [String]) -> String {
    parts.filter { !$0.isEmpty }.joined(separator: " ")
  }
}

extension String {
  /// Without leading and trailing white space.
  var trimmed: String {
    let start = firstIndex { !$0.isWhitespace } ?? endIndex
    let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
    return start < end ? String(self[start..<end]) : ""
  }
}
