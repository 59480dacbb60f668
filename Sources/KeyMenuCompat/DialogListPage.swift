/// How many items a dialog list box shows at once: the page its Page Down,
/// Page Up and digits act on. dialog 1.3 (`menubox.c`, `checklist.c`)
/// sizes the list to the box, not to the list height the script gives:
/// the box's height less its frame, buttons and margins (6 rows) and the
/// lines its wrapped text takes, never more than the items; the list
/// height counts only when the box is sized to fit (height 0).
///
/// The text is wrapped as dialog wraps it (words, at the box's width less
/// 4, `\n` starting a line); a box sized to fit is taken to fit its list.
public enum DialogListPage {
  /// The rows shown for `itemCount` items in a box of `size` with `text`.
  public static func rows(text: String, size: BoxSize, listHeight: Int, itemCount: Int) -> Int {
    let items = max(1, itemCount)
    guard size.height > 0 else { return min(items, listHeight > 0 ? listHeight : items) }
    let lines = size.width > 4 ? wrappedLines(DialogText.expandingNewlines(text), width: size.width - 4) : 1
    return max(1, min(items, size.height - 6 - max(1, lines)))
  }

  /// The lines `text` takes wrapped at `width` columns (a character a
  /// column: close enough for the page's size).
  static func wrappedLines(_ text: String, width: Int) -> Int {
    var total = 0
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var lines = 1
      var column = 0
      for word in paragraph.split(separator: " ") {
        var length = word.count
        if column > 0, column + 1 + length > width {
          lines += 1
          column = 0
        }
        while length > width {
          lines += 1
          length -= width
        }
        column += (column > 0 ? 1 : 0) + length
      }
      total += lines
    }
    return total
  }
}
