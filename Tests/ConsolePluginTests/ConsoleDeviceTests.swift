import ConsolePlugin
import Dispatch
import Foundation
import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuRouting
import KeyMenuTestSupport
import Testing

/// The console presenter when the terminal misbehaves: nobody reads it, it
/// is missing, it is not a terminal. Routing never waits, and each problem
/// is logged once with what to do.
@Suite(.enabled(if: PseudoTerminal.hasEmulator, "needs python3-pyte (make deps)"))
@EngineActor struct ConsoleDeviceTests {
  let logs = LogCapture()
  let engine: Engine

  init() {
    let logs = logs
    engine = Engine(makeLogger: { logs.logger($0) })
  }

  func start(on device: String) {
    let configuration = ConsolePlugin.descriptor.withDefaults(
      PluginConfiguration(["device": .string(device)]))
    #expect(engine.start(ConsolePlugin(), configuration: configuration) == nil)
  }

  func show(_ snapshot: ModalSnapshot) { engine.center.post(Notification(.modalChanged, payload: snapshot)) }

  /// A 20-item menu whose every row differs from the other label's.
  nonisolated static func big(_ label: String, highlight: Int) -> ModalSnapshot {
    let items = (1...20).map { index in
      Snapshots.item("\(label) item \(index) with a title long enough to fill the row", .middle)
    }
    return ModalSnapshot(stack: [
      ModalPicture.menu(id: "m", path: [label], items: items, highlight: highlight, filter: "")
    ])
  }

  /// Posted on the engine thread, as the daemon posts. Were posting to wait
  /// on the terminal, nobody would read it and the test would hang: the
  /// watchdog reads it after 30 s, and the test fails if it had to.
  @Test func aTerminalNobodyReadsNeverHoldsUpRoutingAndGetsOnlyTheNewestPicture() throws {
    defer { engine.stopAll() }
    let pty = try PseudoTerminal(columns: 80, rows: 24)
    start(on: pty.path)
    // The pty is full (a program on it wrote until it would block) and
    // nobody reads it while 400 pictures of ~2 KB each are posted.
    let filler = try pty.fill()
    let watchdog = pty.watchdog(seconds: 30)
    for round in 0..<400 {
      engine.center.post(
        Notification(
          .modalChanged, payload: Self.big(round % 2 == 0 ? "Alpha" : "Beta", highlight: round % 20)))
    }
    engine.center.post(Notification(.modalChanged, payload: Snapshots.fruit(highlight: 1)))
    #expect(!watchdog.finish(), "posting waited on the terminal until the watchdog read it")
    let screen = try pty.screen { $0.lines.joined().contains("▶ 2 Banana") }
    #expect(
      screen.box == [
        "┌─ Fruit ──────────────────────┐",
        "│   1 Apple                    │",
        "│ ▶ 2 Banana                   │",
        "├──────────────────────────────┤",
        "│   3 Cherry                   │",
        "└─ Enter: choose · Esc: close ─┘",
      ], "\(screen)")
    #expect(!screen.lines.joined().contains("item"), "nothing of the big menus is left")
    let oneBig = ConsoleCanvasSize.bytes(of: Self.big("Alpha", highlight: 0))
    #expect(oneBig > 2000)
    #expect(filler > 4096, "the pty took \(filler) bytes before it was full")
    let drawn = pty.output.count - filler
    #expect(drawn < 400 * oneBig / 4, "\(drawn) bytes: the pictures between were dropped")
  }

  @Test func aMissingDeviceIsLoggedOnceAndUsedOnTheNextChangeOnceItIsThere() throws {
    defer { engine.stopAll() }
    let pty = try PseudoTerminal(columns: 60, rows: 20)
    let device = pty.directory + "/console"
    start(on: device)
    let first = logs.wait { $0.contains { $0.contains("ENOENT") } }
    #expect(
      first.contains {
        $0
          == "error: cannot open \(device): no such file (ENOENT). Set device in [plugins.console] to a terminal that exists on this machine. Tried again on the next change and on reload."
      },
      "\(first)")
    for highlight in [0, 1, 2] { show(Snapshots.fruit(highlight: highlight)) }
    try FileManager.default.createSymbolicLink(atPath: device, withDestinationPath: pty.path)
    show(Snapshots.fruit())
    let screen = try pty.screen { $0.lines.joined().contains("▶ 1 Apple") }
    #expect(screen.box.count == 6, "\(screen)")
    #expect(engine.stop("console"))
    let lines = logs.all
    #expect(lines.filter { $0.contains("ENOENT") }.count == 1, "\(lines)")
    #expect(lines.contains("notice: drawing on \(device) again"))
  }

  @Test func aFileThatIsNotATerminalIsNeverWritten() throws {
    defer { engine.stopAll() }
    let pty = try PseudoTerminal(columns: 60, rows: 20)
    let file = pty.directory + "/not-a-terminal"
    #expect(FileManager.default.createFile(atPath: file, contents: nil))
    start(on: file)
    _ = logs.wait { !$0.isEmpty }
    show(Snapshots.fruit())
    show(Snapshots.nothing)
    #expect(engine.stop("console"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)).isEmpty)
    let lines = logs.all.filter { $0.contains("ENOTTY") }
    #expect(
      lines.count == 1 && lines[0].hasPrefix("error: \(file) is not a terminal (ENOTTY)"), "\(logs.all)")
  }

  @Test func aRelativePathIsRefusedWithTheReason() throws {
    defer { engine.stopAll() }
    start(on: "tty1")
    _ = logs.wait { !$0.isEmpty }
    show(Snapshots.fruit())
    #expect(engine.stop("console"))
    #expect(
      logs.all == [
        "error: device \"tty1\" in [plugins.console] must be an absolute path, such as /dev/tty1."
      ])
  }
}

/// How many bytes the first drawing of a snapshot takes on 80 × 24.
enum ConsoleCanvasSize {
  static func bytes(of snapshot: ModalSnapshot) -> Int {
    let lines = ModalTextRenderer(width: 80, height: 23).render(snapshot)
    return TerminalPainter().draw(lines, row: 1, column: 1).utf8.count
  }
}
