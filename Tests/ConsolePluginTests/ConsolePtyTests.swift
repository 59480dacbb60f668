import ConsolePlugin
import Foundation
import KeyMenuCore
import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuRouting
import KeyMenuTestSupport
import Testing

/// The console presenter on a real pty, its output played through a real
/// terminal emulator (pyte): where the box lands, what it leaves alone, and
/// that it erases exactly what it drew.
@Suite(.enabled(if: PseudoTerminal.hasEmulator, "needs python3-pyte (make deps)"))
@EngineActor struct ConsolePtyTests {
  let logs = LogCapture()
  let engine: Engine

  init() {
    let logs = logs
    engine = Engine(makeLogger: { logs.logger($0) })
  }

  func start(on device: String, color: Bool = true) {
    let configuration = ConsolePlugin.descriptor.withDefaults(
      PluginConfiguration(["device": .string(device), "color": .bool(color)]))
    #expect(engine.start(ConsolePlugin(), configuration: configuration) == nil)
  }

  func show(_ snapshot: ModalSnapshot) { engine.center.post(Notification(.modalChanged, payload: snapshot)) }

  /// The 32 × 6 "Fruit" box, as it is drawn from column 15 of row 8 on 60 × 20.
  static let fruitBox = [
    "┌─ Fruit ──────────────────────┐",
    "│ ▶ 1 Apple                    │",
    "│   2 Banana                   │",
    "├──────────────────────────────┤",
    "│   3 Cherry                   │",
    "└─ Enter: choose · Esc: close ─┘",
  ]
  static let digits = String(repeating: "0123456789", count: 6)

  @Test func theBoxIsCentredStyledAndLeavesTextAroundItAndTheCursorAlone() throws {
    defer { engine.stopAll() }
    let pty = try PseudoTerminal(columns: 60, rows: 20)
    // A shell's text: two lines at the top, a full row of digits through the
    // middle, and its cursor at row 3, column 3.
    try pty.type("keymenu console test: here first\r\n$ ls\r\n$ \u{1B}[10;1H\(Self.digits)\u{1B}[3;3H")
    start(on: pty.path)
    show(Snapshots.fruit())
    let screen = try pty.screen { $0.lines[8].contains("▶ 1 Apple") }
    let blank14 = String(repeating: " ", count: 14)
    var expected = Self.fruitBox.map { blank14 + $0 + blank14 }
    expected[2] = Self.digits.prefix(14) + Self.fruitBox[2] + Self.digits.suffix(14)
    #expect(Array(screen.lines[7...12]) == expected, "\(screen)")
    #expect(screen.lines[0].hasPrefix("keymenu console test: here first"))
    #expect(screen.lines[1].hasPrefix("$ ls"))
    #expect(screen.cursor == [3, 3], "the cursor is back where the shell left it")
    // Reverse video over the highlighted row's inner 28 columns; the title in bold.
    #expect(
      screen.reverse[8] == String(repeating: " ", count: 16) + String(repeating: "#", count: 28) + blank14
        + "  ")
    #expect(screen.reverse.enumerated().allSatisfy { $0.offset == 8 || !$0.element.contains("#") })
    #expect(screen.bold[7] == String(repeating: " ", count: 17) + "#####" + String(repeating: " ", count: 38))

    show(Snapshots.fruit(highlight: 2))
    let moved = try pty.screen { $0.lines[11].contains("▶ 3 Cherry") }
    #expect(moved.box[1] == "│   1 Apple                    │")
    #expect(moved.box[4] == "│ ▶ 3 Cherry                   │")
    #expect(!moved.reverse[8].contains("#") && moved.reverse[11].contains("#"))

    show(Snapshots.nothing)
    let erased = try pty.screen { !$0.lines.joined().contains("┌") }
    #expect(erased.box.isEmpty, "\(erased)")
    for row in [7, 8, 10, 11, 12] {
      #expect(erased.lines[row].allSatisfy { $0 == " " }, "row \(row + 1) is blank again")
    }
    #expect(
      erased.lines[0].hasPrefix("keymenu console test: here first") && erased.lines[1].hasPrefix("$ ls"))
    #expect(
      erased.lines[9] == String(Self.digits.prefix(14)) + String(repeating: " ", count: 32)
        + String(Self.digits.suffix(14)),
      "the cells under the box are blank: it restores nothing it did not draw")
    #expect(erased.cursor == [3, 3])
    #expect(erased.reverse.allSatisfy { !$0.contains("#") })
  }

  @Test func controlAndBidiCharactersInEveryTextReachTheTtyOnlyAsPictures() throws {
    defer { engine.stopAll() }
    let pty = try PseudoTerminal(columns: 80, rows: 24)
    start(on: pty.path)
    let evil = "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}[31m\r\u{08}\u{7F}\u{9B}1A\u{202E}"
    let menu = ModalPicture.menu(
      id: "m", path: ["Menu\(evil)"],
      items: [
        ModalPicture.Menu.Item(
          title: "One\(evil)", section: 0, position: "single", enabled: true, opensSubmenu: false)
      ],
      highlight: 0, filter: "")
    let alert = ModalPicture.alert(
      id: "a", title: "Erase\(evil)", message: "line\(evil)\nnext\u{1B}[1A\u{1B}[K",
      buttons: ["Cancel\(evil)", "Erase"],
      focus: 0, cancel: 0, defaultButton: 1)
    show(ModalSnapshot(stack: [menu, alert]))
    let screen = try pty.screen { $0.lines.joined().contains("Erase ") }
    let box = screen.box
    #expect(box.first?.hasPrefix("┌─ Erase␛]0;pwned␇␛[2J␛[31m␍␈␡<U+009B>1A<U+202E> ─") == true, "\(screen)")
    #expect(box.contains { $0.hasPrefix("│ line␛]0;pwned␇") }, "\(screen)")
    #expect(box.contains { $0.hasPrefix("│ next␛[1A␛[K ") }, "\(screen)")
    #expect(Set(box.map(\.count)).count == 1, "\(screen)")
    // What the tty was sent holds no sequence but the presenter's own
    // (save/restore cursor, cursor moves, SGR) and no other forbidden character.
    let sent = String(decoding: pty.output, as: UTF8.self)
    let rest = sent.replacingOccurrences(
      of: #"\u{1B}\[[0-9;]*[Hm]|\u{1B}[78]"#, with: "", options: .regularExpression)
    #expect(ShownText.isClean(rest), "\(ShownText.escaped(rest))")
  }

  @Test func anAlertOverAMenuWithoutColorIsCharactersOnly() throws {
    defer { engine.stopAll() }
    let pty = try PseudoTerminal(columns: 80, rows: 24)
    start(on: pty.path, color: false)
    let alert = ModalPicture.alert(
      id: "alert-1", title: "Reboot now?", message: "Updates are installed.", buttons: ["No", "Yes"],
      focus: 1,
      cancel: 0, defaultButton: 1)
    show(ModalSnapshot(stack: Snapshots.fruit().stack + [alert]))
    let screen = try pty.screen { $0.lines.joined().contains("[ Yes ]") }
    #expect(
      screen.box == [
        "┌─ Reboot now? ───────────────┐",
        "│ Updates are installed.      │",
        "│                             │",
        "│         No   [ Yes ]        │",
        "└─ Enter: Yes · Esc: No · ←→ ─┘",
      ], "\(screen)")
    #expect(
      screen.lines.contains { $0.hasPrefix(String(repeating: " ", count: 24) + "1 more behind this one ") })
    #expect(screen.reverse.allSatisfy { !$0.contains("#") } && screen.bold.allSatisfy { !$0.contains("#") })
    show(Snapshots.fruit())
    let menu = try pty.screen { $0.lines.joined().contains("▶ 1 Apple") }
    #expect(
      menu.box.count == 6 && !menu.lines.joined().contains("behind") && !menu.lines.joined().contains("Yes"))
  }

  @Test func afterTheTerminalGrewTheBoxMovesToTheNewCentre() throws {
    defer { engine.stopAll() }
    // The emulator plays a 60 × 20 screen; the pty first reports 40 × 12,
    // the top left of it, as a console does before it grows.
    let pty = try PseudoTerminal(columns: 60, rows: 20)
    try pty.resize(columns: 40, rows: 12)
    start(on: pty.path)
    show(Snapshots.fruit())
    let small = try pty.screen { $0.lines[3].contains("┌─ Fruit") }
    #expect(small.lines[3].hasPrefix("    ┌─ Fruit") && small.lines[8].hasPrefix("    └─ Enter"), "\(small)")
    try pty.resize(columns: 60, rows: 20)
    show(Snapshots.fruit(highlight: 1))
    let screen = try pty.screen { $0.lines[9].contains("▶ 2 Banana") }
    let blank14 = String(repeating: " ", count: 14)
    var expected = Array(repeating: String(repeating: " ", count: 60), count: 20)
    for (index, line) in Self.fruitBox.enumerated() { expected[7 + index] = blank14 + line + blank14 }
    expected[8] = blank14 + "│   1 Apple                    │" + blank14
    expected[9] = blank14 + "│ ▶ 2 Banana                   │" + blank14
    #expect(screen.lines == expected, "only the new box is left: \(screen)")
  }

  @Test func aBoxTheShellClearedAwayIsWholeAgainAfterTheNextChange() throws {
    defer { engine.stopAll() }
    let pty = try PseudoTerminal(columns: 60, rows: 20)
    start(on: pty.path)
    show(Snapshots.fruit())
    _ = try pty.screen { $0.lines[8].contains("▶ 1 Apple") }
    try pty.type("\u{1B}[H\u{1B}[2J$ ")
    show(Snapshots.fruit(highlight: 1))
    let screen = try pty.screen { $0.lines[9].contains("▶ 2 Banana") }
    var expected = Self.fruitBox
    expected[1] = "│   1 Apple                    │"
    expected[2] = "│ ▶ 2 Banana                   │"
    #expect(screen.box == expected, "\(screen)")
    #expect(screen.lines[0].hasPrefix("$ ") && screen.cursor == [1, 3])
  }

  @Test func aReloadMovesThePictureToTheNewDeviceAndErasesItOnTheOld() throws {
    defer { engine.stopAll() }
    let first = try PseudoTerminal(columns: 60, rows: 20)
    let second = try PseudoTerminal(columns: 60, rows: 20)
    start(on: first.path)
    show(Snapshots.fruit())
    _ = try first.screen { $0.lines[8].contains("▶ 1 Apple") }
    let configuration = ConsolePlugin.descriptor.withDefaults(
      PluginConfiguration(["device": .string(second.path), "color": .bool(false)]))
    #expect(engine.reconfigure("console", configuration))
    let moved = try second.screen { $0.lines[8].contains("▶ 1 Apple") }
    #expect(moved.box == Self.fruitBox && moved.reverse.allSatisfy { !$0.contains("#") }, "\(moved)")
    let left = try first.screen { !$0.lines.joined().contains("│") }
    #expect(left.lines.allSatisfy { $0.allSatisfy { $0 == " " } }, "\(left)")
  }

  @Test func stoppingErasesWhatItDrewBeforeItReturns() throws {
    defer { engine.stopAll() }
    let pty = try PseudoTerminal(columns: 60, rows: 20)
    try pty.type("prompt$ ")
    start(on: pty.path)
    show(Snapshots.fruit())
    _ = try pty.screen { $0.lines[8].contains("▶ 1 Apple") }
    #expect(engine.stop("console"))
    let screen = try pty.screen { !$0.lines.joined().contains("│") }
    #expect(screen.lines[0].hasPrefix("prompt$ ") && screen.box.isEmpty, "\(screen)")
    #expect(screen.cursor == [1, 9])
  }
}
