/// Column counting, truncation and padding for text pictures.
///
/// One column per `Character`, two for East Asian wide and emoji
/// presentation characters, none for a lone combining mark or an invisible
/// format character (zero-width space, joiners, LRM, U+FEFF): what a terminal
/// does for the text menus carry, without asking the C library's locale
/// tables (which depend on the process's `LC_CTYPE`).
public enum TextWidth {
  /// Columns `text` takes on a terminal.
  public static func columns(_ text: String) -> Int {
    // ASCII without CR is one Character and one column per byte: no
    // Unicode property lookups (5 % of a drop-in's first box in perf).
    // CR LF is one Character, so CR takes the long way.
    if text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) { return text.utf8.count }
    return text.reduce(0) { $0 + columns($1) }
  }

  /// Columns one character takes.
  public static func columns(_ character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    // No ASCII scalar is a mark, a format character, emoji presentation
    // or wide, whatever follows it.
    if first.value < 0x80 { return 1 }
    return columnsByProperties(first)
  }

  /// Columns of a character starting with `first`, from its Unicode
  /// properties: the answer for every character, ASCII included, which
  /// the ASCII shortcuts above give without the lookups.
  static func columnsByProperties(_ first: Unicode.Scalar) -> Int {
    if first.properties.generalCategory == .nonspacingMark
      || first.properties.generalCategory == .enclosingMark
      || (first.properties.generalCategory == .format && first.value != 0xAD)
    {
      return 0
    }
    if first.properties.isEmojiPresentation { return 2 }
    return isWide(first.value) ? 2 : 1
  }

  /// `text` cut to at most `limit` columns, ending in "…" when cut.
  public static func truncate(_ text: String, to limit: Int) -> String {
    guard limit > 0 else { return "" }
    guard columns(text) > limit else { return text }
    var result = ""
    var used = 0
    for character in text {
      let width = columns(character)
      if used + width > limit - 1 { break }
      result.append(character)
      used += width
    }
    return result + "…"
  }

  /// `text` truncated to `width` columns and padded with spaces to exactly that.
  public static func pad(_ text: String, to width: Int) -> String {
    let cut = truncate(text, to: width)
    return cut + String(repeating: " ", count: max(0, width - columns(cut)))
  }

  /// `text` broken into lines of at most `width` columns, at spaces where
  /// possible; explicit newlines are kept.
  public static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
        var word = String(word)
        if columns(word) > width {
          // A word wider than the line is cut into lines of its own, in one
          // pass (a 16 KB word is 16 KB of work, not 16 KB per line).
          if !line.isEmpty {
            lines.append(line)
            line = ""
          }
          var pieces = cut(word, columns: width)
          word = pieces.removeLast()
          lines.append(contentsOf: pieces)
          if columns(word) > width {
            // One character wider than the line (width 1, a wide character).
            lines.append(word)
            word = ""
          }
        }
        if line.isEmpty {
          line = word
        } else if columns(line) + 1 + columns(word) <= width {
          line += " " + word
        } else {
          lines.append(line)
          line = word
        }
      }
      lines.append(line)
    }
    return lines
  }

  /// `text` cut into pieces of at most `limit` columns, greedily (a piece
  /// holds at least one character); never empty.
  private static func cut(_ text: String, columns limit: Int) -> [String] {
    var pieces: [String] = []
    var piece = ""
    var used = 0
    for character in text {
      let width = columns(character)
      if used + width > limit, !piece.isEmpty {
        pieces.append(piece)
        piece = ""
        used = 0
      }
      piece.append(character)
      used += width
    }
    pieces.append(piece)
    return pieces
  }

  /// East Asian Wide and Fullwidth ranges (Unicode's EastAsianWidth.txt, the
  /// blocks that matter for menu titles).
  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}
