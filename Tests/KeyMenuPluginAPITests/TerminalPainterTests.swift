import KeyMenuPluginAPI
import Testing

@Suite struct TerminalPainterTests {
  let lines = [
    TextLine([TextSpan("┌─ "), TextSpan("Power", .title), TextSpan(" ─┐")]),
    TextLine([TextSpan("│ "), TextSpan("▶ 1 Off", .highlighted), TextSpan(" │")]),
    TextLine("hint", .dimmed),
  ]

  @Test func eachLineStartsWithACursorMoveAndEachStyledSpanEndsWithAReset() {
    #expect(
      TerminalPainter().draw(lines, row: 3, column: 7)
        == "\u{1B}[3;7H┌─ \u{1B}[0m\u{1B}[1mPower\u{1B}[0m ─┐\u{1B}[0m"
        + "\u{1B}[4;7H│ \u{1B}[0m\u{1B}[7m▶ 1 Off\u{1B}[0m │\u{1B}[0m"
        + "\u{1B}[5;7H\u{1B}[2mhint\u{1B}[0m")
  }

  @Test func withoutStylesOnlyTheCharactersAndCursorMovesAreLeft() {
    #expect(
      TerminalPainter(styled: false).draw(lines, row: 1, column: 1)
        == "\u{1B}[1;1H┌─ Power ─┐\u{1B}[2;1H│ ▶ 1 Off │\u{1B}[3;1Hhint")
  }

  @Test func linesBelowTheLastRowAreLeftOut() {
    let text = TerminalPainter(styled: false).draw(lines, row: 9, column: 2, lastRow: 10)
    #expect(text == "\u{1B}[9;2H┌─ Power ─┐\u{1B}[10;2H│ ▶ 1 Off │")
  }

  @Test func blankWritesSpacesAtThePlace() {
    #expect(TerminalPainter().blank(row: 2, column: 5, count: 3) == "\u{1B}[2;5H   ")
    #expect(TerminalPainter().blank(row: 2, column: 5, count: 0).isEmpty)
  }
}
