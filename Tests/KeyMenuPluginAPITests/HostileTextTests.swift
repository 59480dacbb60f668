import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuProtocol
import Testing

/// Text from outside with escape sequences, BEL, CR, BS, DEL, a C1 CSI and
/// bidi overrides in every field: the pictures presenters draw hold none of
/// them raw, the box keeps its shape, and the painter's own sequences are
/// the only ones in what reaches a terminal.
@Suite struct HostileTextTests {
  static let evil = "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}[31mRED\r\u{08}\u{7F}\u{9B}1A\u{202E}"

  static let alert = ModalPicture.alert(
    id: "a", title: "Erase\(evil)", message: "Line one\u{1B}[1A\u{1B}[K\nline two\u{2067}",
    buttons: ["Cancel\(evil)", "Erase disk"], focus: 0, cancel: 0, defaultButton: 1)

  static let menu = ModalPicture.menu(
    id: "m", path: ["Root\(evil)", "Sub\u{202E}menu"],
    items: [
      ModalPicture.Menu.Item(
        title: "one\(evil)", section: 0, position: "top", enabled: true, opensSubmenu: false),
      ModalPicture.Menu.Item(
        title: "two\u{2066}", section: 0, position: "bottom", enabled: true, opensSubmenu: true),
    ], highlight: 0, filter: "o\u{1B}")

  static func lines(_ entry: ModalPicture) -> [TextLine] {
    ModalTextRenderer(width: 80, height: 24).render(ModalSnapshot(stack: [entry]))
  }

  @Test(arguments: [alert, menu])
  func picturesHoldNoForbiddenCharacterAndKeepTheirWidth(entry: ModalPicture) {
    let lines = Self.lines(entry)
    for line in lines { #expect(ShownText.isClean(line.text), "\(line.text)") }
    #expect(Set(lines.map(\.width)).count == 1, "\(lines.map(\.text))")
  }

  @Test func theAlertIsDrawnWithItsControlsVisible() {
    let picture = Self.lines(Self.alert).map(\.text).joined(separator: "\n")
    #expect(
      picture == """
        ┌─ Erase␛]0;pwned␇␛[2J␛[31mRED␍␈␡<U+009B>1A<U+202E> ───────────────────────────┐
        │ Line one␛[1A␛[K                                                              │
        │ line two<U+2067>                                                             │
        │                                                                              │
        │     [ Cancel␛]0;pwned␇␛[2J␛[31mRED␍␈␡<U+009B>1A<U+202E> ]   Erase disk       │
        └─ Enter: Cancel␛]0;pwned␇␛[2J␛[31mRED␍␈␡<U+009B>1A<U+202E> · Esc: Cancel␛]0… ─┘
        """)
  }

  @Test(arguments: [alert, menu])
  func theTerminalGetsOnlyThePaintersOwnSequences(entry: ModalPicture) {
    let output = TerminalPainter().draw(Self.lines(entry), row: 1, column: 1)
    #expect(ShownText.isClean(Self.withoutPainterSequences(output)))
  }

  @Test func thePainterMakesAnyPicturesControlsVisible() {
    let output = TerminalPainter(styled: false).draw(
      TextLine("a\u{1B}[2Jb\u{202E}", .normal), row: 2, column: 3)
    #expect(output == "\u{1B}[2;3Ha␛[2Jb<U+202E>")
  }

  /// `output` without the CUP and SGR sequences TerminalPainter writes.
  static func withoutPainterSequences(_ output: String) -> String {
    var result = ""
    var rest = Substring(output)
    while let escape = rest.firstIndex(of: "\u{1B}") {
      result += rest[..<escape]
      var end = rest.index(after: escape)
      guard end < rest.endIndex, rest[end] == "[" else { return result + rest[escape...] }
      end = rest.index(after: end)
      while end < rest.endIndex, rest[end].isNumber || rest[end] == ";" { end = rest.index(after: end) }
      guard end < rest.endIndex, rest[end] == "H" || rest[end] == "m" else { return result + rest[escape...] }
      rest = rest[rest.index(after: end)...]
    }
    return result + rest
  }
}
