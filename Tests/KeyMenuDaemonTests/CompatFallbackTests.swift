import Foundation
import KeyMenuTestSupport
import Testing

/// When keymenud cannot be reached, keymenu-whiptail runs the system's
/// real whiptail with the same arguments (its box on the terminal, its
/// result on the same descriptor); a compat link never runs itself; with
/// no real program there is a clear error and exit 255.
@Suite(.serialized)
struct CompatFallbackTests {
  static let products = DaemonHarness.products
  static let inTmux = DaemonHarness.fixtures + "/compat/in_tmux.sh"
  static let hasTools =
    FileManager.default.isExecutableFile(atPath: "/usr/bin/whiptail")
    && FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")

  init() throws {
    if DaemonHarness.requireEmulation {
      try #require(Self.hasTools, "whiptail and tmux are required (make deps)")
    }
  }

  /// A private directory with `compat/` holding whiptail, dialog and dmenu
  /// links to the built commands, as `make install` makes them.
  static func compatDirectory() throws -> DaemonHarness {
    let harness = try DaemonHarness()
    let compat = harness.directory + "/compat"
    try FileManager.default.createDirectory(atPath: compat, withIntermediateDirectories: true)
    for (link, target) in [
      ("whiptail", "keymenu-whiptail"), ("dialog", "keymenu-whiptail"), ("dmenu", "keymenu-dmenu"),
    ] {
      try FileManager.default.createSymbolicLink(
        atPath: "\(compat)/\(link)", withDestinationPath: "\(products)/\(target)")
    }
    return harness
  }

  @Test(.enabled(if: hasTools || DaemonHarness.requireEmulation))
  func withNoDaemonTheRealWhiptailRunsThroughTheCompatLink() throws {
    let harness = try Self.compatDirectory()
    let dir = harness.directory
    // The compat link comes first on PATH, as keymenu-run puts it: the
    // whiptail it finds must be /usr/bin's, not itself.
    let script =
      "KEYMENU_SOCKET=\(dir)/nobody.sock PATH=\(dir)/compat:$PATH whiptail --output-fd 3 --inputbox "
      + "'Fallback name?' 8 40 abc 3>\(dir)/fallback.fd3 2>\(dir)/fallback.err; echo $? >\(dir)/fallback.status"
    let run = try TestProcess.run([Self.inTmux, dir, "fallback", "Fallback name", "d", "Enter", "--", script])
    #expect(run.status == 0, "\(run.stderr)")
    let screen = try String(contentsOfFile: "\(dir)/fallback.screen", encoding: .utf8)
    #expect(screen.contains("<Ok>"), "whiptail's own box was drawn: \(screen)")
    #expect(try String(contentsOfFile: "\(dir)/fallback.status", encoding: .utf8) == "0\n")
    #expect(try String(contentsOfFile: "\(dir)/fallback.fd3", encoding: .utf8) == "abcd")
    #expect(
      try String(contentsOfFile: "\(dir)/fallback.err", encoding: .utf8) == "", "nothing of ours on stderr")
  }

  @Test func aCompatLinkNeverRunsItselfAndSaysWhenThereIsNoRealProgram() throws {
    let harness = try Self.compatDirectory()
    let dir = harness.directory
    // A second directory with another link to keymenu-whiptail: also skipped.
    try FileManager.default.createDirectory(atPath: dir + "/other", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: dir + "/other/whiptail", withDestinationPath: "\(Self.products)/keymenu-whiptail")
    let run = try TestProcess.run(
      ["\(dir)/compat/whiptail", "--msgbox", "Hello", "8", "40"],
      environment: ["KEYMENU_SOCKET": dir + "/nobody.sock", "PATH": "\(dir)/compat:\(dir)/other"], timeout: 20
    )
    #expect(run.status == 255)
    #expect(run.stderr.contains("no socket at \(dir)/nobody.sock"), "\(run.stderr)")
    #expect(run.stderr.contains("no real whiptail is installed"), "\(run.stderr)")
    let dialog = try TestProcess.run(
      ["\(dir)/compat/dialog", "--yesno", "Hello", "0", "0"],
      environment: ["KEYMENU_SOCKET": dir + "/nobody.sock", "PATH": "\(dir)/compat"], timeout: 20)
    #expect(dialog.status == 255)
    #expect(
      dialog.stderr.contains("keymenu-dialog:") && dialog.stderr.contains("no real dialog is installed"))
    let dmenu = try TestProcess.run(
      ["\(dir)/compat/dmenu", "-p", "Pick"], input: "a\nb\n",
      environment: ["KEYMENU_SOCKET": dir + "/nobody.sock", "PATH": "\(dir)/compat"], timeout: 20)
    #expect(dmenu.status == 1)
    #expect(dmenu.stderr.contains("no real dmenu is installed"), "\(dmenu.stderr)")
  }

  @Test func usageVersionAndHelpNeedNoDaemon() throws {
    let whiptail = "\(Self.products)/keymenu-whiptail"
    let environment = ["KEYMENU_SOCKET": "/nonexistent/keymenu.sock"]
    let bogus = try TestProcess.run(
      [whiptail, "--bogus", "--msgbox", "x", "1", "1"], environment: environment)
    #expect(bogus.status == 1)
    #expect(bogus.stderr == "whiptail: --bogus: unknown option\n")
    let usage = try TestProcess.run([whiptail, "--msgbox", "x"], environment: environment)
    #expect(usage.status == 255)
    let version = try TestProcess.run([whiptail, "--version"], environment: environment)
    #expect(version.status == 0 && version.stdout.hasPrefix("keymenu-whiptail "))
    let help = try TestProcess.run([whiptail, "--help"], environment: environment)
    #expect(help.status == 0 && help.stdout.contains("EXIT STATUS") && help.stdout.contains("--output-fd N"))
    let dmenuVersion = try TestProcess.run(
      ["\(Self.products)/keymenu-dmenu", "-v"], environment: environment)
    #expect(dmenuVersion.status == 0 && dmenuVersion.stdout.hasPrefix("keymenu-dmenu-"))
    let dmenuUsage = try TestProcess.run(["\(Self.products)/keymenu-dmenu", "-x"], environment: environment)
    #expect(dmenuUsage.status == 1 && dmenuUsage.stderr.hasPrefix("usage: dmenu"))
  }
}
