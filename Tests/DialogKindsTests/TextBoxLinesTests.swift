import Testing
import TextBoxPlugin

/// A text box's lines are found in the text's UTF-8 bytes, not by walking
/// its Characters (3 ms of the engine per 60 KB box): they must be the
/// lines the Character split gives, for every text. Every text of up to
/// five pieces, where the pieces put a line feed next to everything that
/// could join it into another Character: a CR before it (CR LF is one
/// Character, which the split keeps whole), a combining accent after it,
/// another line feed, an emoji with a modifier, the start and the end.
@Suite struct TextBoxLinesTests {
  @Test func aTextBoxsLinesAreTheLinesOfTheCharacterSplit() {
    let pieces = ["a", "\n", "\r", "\u{301}", "é", "👍🏽", "\r\n"]
    var texts = [""]
    var checked = 0
    var differing: [String] = []
    for _ in 0...5 {
      for text in texts {
        let expected = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if TextBoxMachine(text: text).lines != expected { differing.append(text) }
        checked += 1
      }
      texts = texts.flatMap { text in pieces.map { text + $0 } }
    }
    #expect(checked == 19_608)
    let differingCount = differing.count
    let firstDiffering = differing.prefix(3).map { Array($0.unicodeScalars) }
    #expect(differingCount == 0, "the first: \(firstDiffering)")
  }

  @Test func aLongTextIsCutAtEachLineFeed() {
    let text = Array(repeating: String(repeating: "x", count: 299), count: 200).joined(separator: "\n")
    let lines = TextBoxMachine(text: text).lines
    #expect(lines.count == 200)
    #expect(lines.allSatisfy { $0.utf8.count == 299 })
  }
}
