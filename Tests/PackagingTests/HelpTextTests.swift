import Foundation
import KeyMenuTestSupport
import Testing

/// Every `--help` reads well at 80 columns: no line of an indented table or
/// example wraps back to the left margin (ArgumentParser wraps long lines at
/// the terminal's width without keeping their indentation).
@Suite struct HelpTextTests {
  static let commands: [[String]] =
    [[DaemonHarness.keymenud]]
    + ([""] + [
      "devices", "monitor", "simulate", "alert", "prompt", "checklist", "radiolist", "menu", "selectors",
      "invoke", "state",
      "subscribe",
      "reload",
      "status", "plugins", "call", "ui",
    ]).map { [DaemonHarness.keymenuctl] + ($0.isEmpty ? [] : [$0]) }

  @Test(arguments: commands)
  func helpKeepsItsIndentation(command: [String]) throws {
    let result = try TestProcess.run(command + ["--help"], environment: ["COLUMNS": "80"])
    #expect(result.status == 0)
    let lines = result.stdout.components(separatedBy: "\n")
    #expect(!lines.isEmpty)
    for (previous, line) in zip(lines, lines.dropFirst()) where previous.hasPrefix("  ") {
      let wrappedBack = line.first.map { $0 != " " && !($0.isUppercase && $0.isLetter) } ?? false
      #expect(!wrappedBack, "\(command.last ?? ""): '\(previous)' continues at the margin: '\(line)'")
    }
  }
}
