import Testing

@testable import KeyMenuPluginAPI

/// `TextWidth` counts ASCII without looking up Unicode properties: a text
/// of ASCII bytes other than CR by its byte count, and a character whose
/// first scalar is ASCII as one column. Both must give what the properties
/// give, on every text of up to four pieces, where the pieces put ASCII
/// next to what could join it into another Character or change its width:
/// CR and LF (CR LF is one Character), a combining accent, a zero-width
/// joiner, a control character, a wide CJK character and an emoji.
@Suite struct TextWidthShortcutTests {
  static let pieces = ["a", " ", "\r", "\n", "\r\n", "\u{301}", "\u{200D}", "\u{7}", "\u{7F}", "漢", "👍🏽", "é"]

  /// Columns by the properties alone: each Character by its first scalar.
  static func byProperties(_ text: String) -> Int {
    text.reduce(0) { total, character in
      total + (character.unicodeScalars.first.map(TextWidth.columnsByProperties) ?? 0)
    }
  }

  @Test func theShortcutsCountAsThePropertiesDo() {
    var texts = [""]
    var checked = 0
    var differing: [String] = []
    for _ in 0...4 {
      for text in texts {
        if TextWidth.columns(text) != Self.byProperties(text) { differing.append(text) }
        for character in text where TextWidth.columns(character) != Self.byProperties(String(character)) {
          differing.append(String(character))
        }
        checked += 1
      }
      texts = texts.flatMap { text in Self.pieces.map { text + $0 } }
    }
    #expect(checked == 22_621)
    let differingCount = differing.count
    let firstDiffering = differing.prefix(3).map { Array($0.unicodeScalars) }
    #expect(differingCount == 0, "the first: \(firstDiffering)")
  }

  @Test func aTextWithCRLFIsOneColumnShorterThanItsBytes() {
    #expect(TextWidth.columns("ab\r\ncd") == 5)
    #expect(TextWidth.columns("ab\ncd") == 5)
    #expect(TextWidth.columns("a\u{301}") == 1)
  }
}
