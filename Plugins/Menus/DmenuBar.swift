/// How many items dmenu shows on its one line (without `-l`): what a page
/// is there, for Page Up and Page Down and for when Left/Right scroll.
///
/// dmenu measures its items in pixels of its font on its monitor; keymenu
/// has neither, so this estimates them for dmenu's default font
/// (`monospace:size=10`: 8 pixels a character, 17 of padding an item) on a
/// monitor 1280 pixels wide, the input field a third of it, as measured on
/// Debian's dmenu 5.2 (9 items of 8 characters, 4 of 23, 21 of 2 and 3 fit
/// on one page). The real page depends on the font and the monitor.
enum DmenuBar {
  /// The monitor's width in pixels.
  static let width = 1280
  /// A character's width in pixels.
  static let characterWidth = 8
  /// The padding around a piece of text (dmenu's `lrpad`, the font's height).
  static let padding = 17

  /// dmenu's `TEXTW`: `text`'s width with its padding.
  static func textWidth(_ text: String) -> Int { text.count * characterWidth + padding }

  /// The room for the items on the line, after the prompt, the input field
  /// and the `<` and `>` arrows.
  static func room(prompt: String) -> Int {
    let promptWidth = prompt.isEmpty ? 0 : textWidth(prompt)
    return max(1, width - (promptWidth + width / 3 + textWidth("<") + textWidth(">")))
  }
}
