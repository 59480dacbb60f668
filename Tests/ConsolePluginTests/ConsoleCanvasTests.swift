import KeyMenuPluginAPI
import Testing

@testable import ConsolePlugin

@Suite struct ConsoleCanvasTests {
  let plain = TerminalPainter(styled: false)
  let box = [TextLine("┌──┐"), TextLine("│ab│"), TextLine("└──┘")]
  static let save = "\u{1B}7\u{1B}[0m"
  static let restore = "\u{1B}8"

  @Test func aPictureIsCentredAndEveryLineStartsAtTheSameColumn() {
    let picture = ConsoleCanvas.centre(box + [TextLine("x")], columns: 10, rows: 6)
    #expect(picture.keys.sorted() == [2, 3, 4, 5])
    #expect(picture.values.allSatisfy { $0.column == 4 })
    #expect(picture[5]?.line.text == "x")
  }

  @Test func drawingSavesTheCursorMovesToEachRowAndRestoresTheCursor() {
    var canvas = ConsoleCanvas()
    let text = canvas.change(
      to: ConsoleCanvas.centre(box, columns: 10, rows: 5), columns: 10, rows: 5, painter: plain)
    #expect(text == Self.save + "\u{1B}[2;4H┌──┐\u{1B}[3;4H│ab│\u{1B}[4;4H└──┘" + Self.restore)
  }

  @Test func theSamePictureWritesNothingAndAChangedOneIsDrawnWhole() {
    var canvas = ConsoleCanvas()
    _ = canvas.change(
      to: ConsoleCanvas.centre(box, columns: 10, rows: 5), columns: 10, rows: 5, painter: plain)
    #expect(
      canvas.change(to: ConsoleCanvas.centre(box, columns: 10, rows: 5), columns: 10, rows: 5, painter: plain)
        .isEmpty)
    var changed = box
    changed[1] = TextLine("│cd│")
    let text = canvas.change(
      to: ConsoleCanvas.centre(changed, columns: 10, rows: 5), columns: 10, rows: 5, painter: plain)
    #expect(text == Self.save + "\u{1B}[2;4H┌──┐\u{1B}[3;4H│cd│\u{1B}[4;4H└──┘" + Self.restore)
  }

  @Test func nothingInFrontBlanksExactlyTheCellsDrawn() {
    var canvas = ConsoleCanvas()
    _ = canvas.change(
      to: ConsoleCanvas.centre(box, columns: 10, rows: 5), columns: 10, rows: 5, painter: plain)
    let text = canvas.change(to: [:], columns: 10, rows: 5, painter: plain)
    #expect(text == Self.save + "\u{1B}[2;4H    \u{1B}[3;4H    \u{1B}[4;4H    " + Self.restore)
    #expect(canvas.isEmpty)
    #expect(canvas.change(to: [:], columns: 10, rows: 5, painter: plain).isEmpty)
  }

  @Test func aNarrowerPictureBlanksOnlyTheCellsItNoLongerCovers() {
    var canvas = ConsoleCanvas()
    _ = canvas.change(
      to: [3: .init(column: 3, line: TextLine("abcdef"))], columns: 20, rows: 5, painter: plain)
    let text = canvas.change(
      to: [3: .init(column: 5, line: TextLine("XY")), 4: .init(column: 5, line: TextLine("Z"))], columns: 20,
      rows: 5, painter: plain)
    #expect(text == Self.save + "\u{1B}[3;3H  \u{1B}[3;7H  \u{1B}[3;5HXY\u{1B}[4;5HZ" + Self.restore)
  }

  @Test func afterTheScreenShrankCellsOutsideItAreNotWritten() {
    var canvas = ConsoleCanvas()
    _ = canvas.change(
      to: [2: .init(column: 6, line: TextLine("abcdef")), 5: .init(column: 6, line: TextLine("ghi"))],
      columns: 20, rows: 6, painter: plain)
    let text = canvas.change(to: [:], columns: 8, rows: 4, painter: plain)
    #expect(text == Self.save + "\u{1B}[2;6H   " + Self.restore)
  }

  @Test func afterInvalidateTheSamePictureIsDrawnAgain() {
    var canvas = ConsoleCanvas()
    let picture = ConsoleCanvas.centre(box, columns: 10, rows: 5)
    _ = canvas.change(to: picture, columns: 10, rows: 5, painter: plain)
    canvas.invalidate()
    let text = canvas.change(to: picture, columns: 10, rows: 5, painter: plain)
    #expect(text == Self.save + "\u{1B}[2;4H┌──┐\u{1B}[3;4H│ab│\u{1B}[4;4H└──┘" + Self.restore)
  }

  @Test func stylesBecomeAttributesThatEndBeforeTheNextSpan() {
    var canvas = ConsoleCanvas()
    let line = TextLine([TextSpan("│ "), TextSpan("▶ 1 Off", .highlighted), TextSpan(" │")])
    let text = canvas.change(
      to: [1: .init(column: 1, line: line)], columns: 20, rows: 3, painter: TerminalPainter())
    #expect(
      text == Self.save + "\u{1B}[1;1H│ \u{1B}[0m\u{1B}[7m▶ 1 Off\u{1B}[0m │\u{1B}[0m" + Self.restore)
  }

  @Test func linesTooWideOrTooManyForTheScreenAreCutNotWrapped() {
    let lines = (1...6).map { TextLine("line \($0) is long") }
    let picture = ConsoleCanvas.centre(lines, columns: 8, rows: 4)
    #expect(picture.keys.sorted() == [1, 2, 3, 4])
    #expect(picture.values.allSatisfy { $0.column == 1 && $0.line.width == 8 })
    #expect(picture[1]?.line.text == "line 1 …")
  }
}
