extension KeyboardLayoutSpec {
  /// Reads the text of Debian's `/etc/default/keyboard` (keyboard(5)), as
  /// `keyboard-configuration` and `localectl` write it:
  ///
  ///     # KEYBOARD CONFIGURATION FILE
  ///     XKBMODEL="pc105"
  ///     XKBLAYOUT="de"
  ///     XKBVARIANT="nodeadkeys"
  ///     XKBOPTIONS="compose:ralt"
  ///
  /// The file is a shell fragment; this reads the `KEY=value` lines it
  /// holds in practice: values double-quoted (with `\` escapes),
  /// single-quoted or bare, an optional `export`, `#` comments. Other keys
  /// (`BACKSPACE`) and lines it cannot read are skipped; an empty value
  /// means the default. A text with no `XKBLAYOUT` describes the US layout.
  public init(defaultKeyboardFile text: String) {
    var values: [String: String] = [:]
    for line in text.split(whereSeparator: \.isNewline) {
      guard let (key, value) = Self.assignment(in: Substring(line)) else { continue }
      values[key] = value
    }
    func field(_ key: String) -> String? {
      guard let value = values[key], !value.isEmpty else { return nil }
      return value
    }
    self.init(
      model: field("XKBMODEL"), layout: field("XKBLAYOUT") ?? "us", variant: field("XKBVARIANT"),
      options: field("XKBOPTIONS"))
  }

  /// `KEY=value` on one line, or nil for a comment, a blank line or
  /// anything else.
  private static func assignment(in line: Substring) -> (String, String)? {
    var rest = line.drop { $0 == " " || $0 == "\t" }
    if rest.hasPrefix("export ") { rest = rest.dropFirst("export ".count).drop { $0 == " " } }
    guard let equals = rest.firstIndex(of: "=") else { return nil }
    let key = rest[..<equals]
    guard let first = key.first, first == "_" || first.isLetter,
      key.allSatisfy({ $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) })
    else { return nil }
    guard let value = shellWord(rest[rest.index(after: equals)...]) else { return nil }
    return (String(key), value)
  }

  /// The value of a shell word made of bare, `'single'` and `"double"`
  /// quoted parts, up to unquoted blank space (after which a `# comment`
  /// may follow); nil when a quote is not closed. A `#` inside the word is
  /// not a comment, as in the shell.
  private static func shellWord(_ text: Substring) -> String? {
    var value = ""
    var characters = text.makeIterator()
    while let character = characters.next() {
      switch character {
      case " ", "\t": return value
      case "'":
        var closed = false
        while let inner = characters.next() {
          if inner == "'" {
            closed = true
            break
          }
          value.append(inner)
        }
        guard closed else { return nil }
      case "\"":
        var closed = false
        while let inner = characters.next() {
          if inner == "\"" {
            closed = true
            break
          }
          if inner == "\\", let escaped = characters.next() {
            // In double quotes a backslash escapes only these; elsewhere it stays.
            if !"\"\\$`".contains(escaped) { value.append("\\") }
            value.append(escaped)
          } else {
            value.append(inner)
          }
        }
        guard closed else { return nil }
      case "\\":
        if let escaped = characters.next() { value.append(escaped) }
      default: value.append(character)
      }
    }
    return value
  }
}
