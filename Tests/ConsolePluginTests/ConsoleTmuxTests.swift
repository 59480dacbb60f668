import ConsolePlugin
import Foundation
import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuRouting
import KeyMenuTestSupport
import Testing

/// The console presenter on the terminal of a real shell in tmux (a second,
/// independent terminal emulator): the box shows up centred over the
/// shell's screen, and once it goes the screen and the shell's cursor are
/// exactly as they were.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux"), "needs tmux (make deps)"))
@EngineActor struct ConsoleTmuxTests {
  @Test func aShellsScreenAndCursorAreAsTheyWereAfterTheBoxGoes() throws {
    var template = Array((NSTemporaryDirectory() + "keymenu-tmux-XXXXXX").utf8CString)
    let directory = String(cString: try #require(mkdtemp(&template)))
    let tmux = [
      "/usr/bin/env", "-u", "LD_PRELOAD", "LANG=C.UTF-8", "tmux", "-f", "/dev/null", "-S", directory + "/s",
    ]
    func run(_ arguments: String...) throws -> String {
      let result = try TestProcess.run(tmux + arguments, timeout: 30)
      guard result.status == 0 else { throw Failure("tmux \(arguments): \(result.stderr)") }
      return result.stdout
    }
    defer {
      _ = try? run("kill-server")
      try? FileManager.default.removeItem(atPath: directory)
    }
    /// The pane's text once `condition` holds (at most 10 s), and the cursor.
    func pane(until condition: (String) -> Bool) throws -> (text: String, cursor: String) {
      var text = ""
      for _ in 0..<200 {
        text = try run("capture-pane", "-p")
        if condition(text) { break }
        usleep(50_000)
      }
      return (text, try run("display", "-p", "#{cursor_x},#{cursor_y}"))
    }

    // The server new-session starts must not keep the test's descriptors
    // (a server holding one of them kept Foundation's Process waiting) nor
    // its blocked signals (the pane's shell would ignore kill-server's
    // SIGHUP): Python's subprocess closes them, the hook unblocks them.
    let started = try TestProcess.run(
      [
        TestProcess.systemPython, "-c",
        "import signal, subprocess, sys; sys.exit(subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL,"
          + " stderr=subprocess.DEVNULL, preexec_fn=lambda: signal.pthread_sigmask(signal.SIG_SETMASK, []))"
          + ".returncode)",
      ] + tmux + [
        "new-session", "-d", "-x", "70", "-y", "20",
        "printf 'text the shell wrote\\n'; PS1='shell$ ' exec sh",
      ], timeout: 30)
    try #require(started.status == 0)
    let before = try pane { $0.contains("shell$") }
    let engine = Engine()
    defer { engine.stopAll() }
    let device = try run("display", "-p", "#{pane_tty}").trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(
      engine.start(ConsolePlugin(), configuration: PluginConfiguration(["device": .string(device)])) == nil)

    engine.center.post(Notification(.modalChanged, payload: Snapshots.fruit(highlight: 1)))
    let shown = try pane { $0.contains("▶ 2 Banana") }
    let lines = shown.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let indent = String(repeating: " ", count: 19)
    #expect(lines[7] == indent + "┌─ Fruit ──────────────────────┐", "\(shown.text)")
    #expect(lines[9] == indent + "│ ▶ 2 Banana                   │")
    #expect(lines[12] == indent + "└─ Enter: choose · Esc: close ─┘")
    #expect(lines[0] == "text the shell wrote" && lines[1] == "shell$")
    #expect(shown.cursor == before.cursor)

    engine.center.post(Notification(.modalChanged, payload: ModalSnapshot()))
    let after = try pane { !$0.contains("┌") }
    #expect(after.text == before.text, "\(after.text)")
    #expect(after.cursor == before.cursor)
  }
}
