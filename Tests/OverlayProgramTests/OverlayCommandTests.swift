import Foundation
import KeyMenuTestSupport
import Testing

/// `keymenu-overlay`'s command line: its help reads well at 80 columns and
/// documents the exit statuses it ends with.
@Suite struct OverlayCommandTests {
  static let overlay = TestProcess.products + "/keymenu-overlay"

  @Test func helpKeepsItsIndentationAndListsTheExitStatuses() throws {
    let result = try TestProcess.run([Self.overlay, "--help"], environment: ["COLUMNS": "80"])
    #expect(result.status == 0)
    let lines = result.stdout.components(separatedBy: "\n")
    for (previous, line) in zip(lines, lines.dropFirst()) where previous.hasPrefix("  ") {
      let wrappedBack = line.first.map { $0 != " " && !($0.isUppercase && $0.isLetter) } ?? false
      #expect(!wrappedBack, "'\(previous)' continues at the margin: '\(line)'")
    }
    for status in ["  0 ", "  2 ", "  3 ", "  64 "] { #expect(result.stdout.contains(status)) }
    for option in ["--socket", "--backend", "--theme", "--scale", "--position"] {
      #expect(result.stdout.contains(option))
    }
  }

  @Test func withoutADisplayItSaysSoAndExits2() throws {
    let result = try TestProcess.run(
      ["/usr/bin/env", "-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", Self.overlay, "--socket", "/nonexistent"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("no display"))
    let wayland = try TestProcess.run(
      ["/usr/bin/env", "-u", "WAYLAND_DISPLAY", "DISPLAY=:0", Self.overlay, "--backend", "wayland"])
    #expect(wayland.status == 2, "--backend wayland needs WAYLAND_DISPLAY")
  }

  @Test func badValuesAreUsageErrors() throws {
    for arguments in [
      ["--theme", "neon"], ["--backend", "fb"], ["--position", "left"], ["--scale", "20"],
    ] {
      let result = try TestProcess.run([Self.overlay] + arguments)
      #expect(result.status == 64, "\(arguments)")
    }
  }
}
