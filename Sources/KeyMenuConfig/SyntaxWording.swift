/// TOML syntax errors worded for the people who write configuration files:
/// toml++'s messages name its parser's states ("Error while parsing
/// key-value pair: expected value, saw '\n'"); these say what is missing
/// ("missing value after ="). Messages it does not know keep their words
/// without the "Error while parsing" prefix.
enum SyntaxWording {
  /// The wording for toml++'s `message` about `line`, the text of the line
  /// it points at, at the 1-based `column`.
  static func plain(_ message: String, line: Substring?, column: Int) -> String {
    let atLineEnd = line.map { column > $0.count } ?? true
    if message.contains("parsing string"), message.contains("control characters") {
      return atLineEnd
        ? "unterminated string: a \"...\" string must end on its line (\"\"\"...\"\"\" may span lines)"
        : "control character in a string: write it as an escape such as \\t or \\u001b"
    }
    if message.contains("parsing table header"), message.contains("expected ']'") {
      return "missing ] at the end of the table header, as in [menus.main]"
    }
    if message.contains("parsing array"), message.contains("end-of-file") {
      return "missing ]: the array is still open at the end of the file"
    }
    if message.contains("parsing array"), message.contains("expected comma") {
      return "missing , or ] after an array element"
    }
    if message.contains("parsing key-value pair"), message.contains("expected value") {
      return "missing value after =, such as \"text\", 3, true or [ ... ]"
    }
    if message.contains("parsing inline table") {
      return "missing } or , in an inline table: { key = value, ... } must close on its line"
    }
    if message.contains("cannot redefine existing") {
      let name = message.split(separator: "'").dropFirst().first.map { "'\($0)' " } ?? ""
      return "\(name)is set twice; a key may appear once in its table"
    }
    if message.contains("end-of-file") {
      return "unexpected end of the file: a string, [ or { is still open"
    }
    let prefix = "Error while parsing "
    guard message.hasPrefix(prefix) else { return message }
    return "syntax error in a " + message.dropFirst(prefix.count)
  }
}
