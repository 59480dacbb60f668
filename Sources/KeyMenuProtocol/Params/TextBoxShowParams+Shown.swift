import KeyMenuCore

extension TextBoxShowParams {
  /// A file's text as a text box may show it (`text`): tabs expanded to
  /// 8-column stops, the carriage returns of CRLF line ends dropped, other
  /// control and bidi-override characters shown as their pictures
  /// (``ShownText``). What `keymenuctl textbox` and keymenu-whiptail's
  /// `--textbox` send.
  public static func shown(_ text: String) -> String {
    // "\r\n" is one Character in Swift: both end a line.
    text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map { line in
      var expanded = ""
      var column = 0
      for character in line.hasSuffix("\r") ? line.dropLast() : line[...] {
        if character == "\t" {
          let spaces = 8 - column % 8
          expanded += String(repeating: " ", count: spaces)
          column += spaces
        } else {
          expanded.append(character)
          column += 1
        }
      }
      return ShownText.visible(expanded)
    }.joined(separator: "\n")
  }
}
