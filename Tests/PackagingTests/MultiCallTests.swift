import Foundation
import KeyMenuTestSupport
import Testing

/// The multi-call `keymenu` binary the package installs (Sources/keymenu),
/// run through links named as `make install` names them: each name is its
/// program, byte for byte in `--help` and `--version` against the program
/// built on its own; `keymenu NAME` is the same; an unknown name is exit 2;
/// and keymenud, keymenuctl, keymenu-whiptail and keymenu-dmenu run
/// through their links against one another on an emulated keyboard.
@Suite(.serialized)
struct MultiCallTests {
  static let products = TestProcess.products
  static let names = ["keymenud", "keymenuctl", "keymenu-whiptail", "keymenu-dialog", "keymenu-dmenu"]

  /// A private directory with a link to `keymenu` under each name.
  static func links() throws -> DaemonHarness {
    let harness = try DaemonHarness()
    for name in names + ["whiptail", "dialog", "dmenu"] {
      try FileManager.default.createSymbolicLink(
        atPath: harness.directory + "/" + name, withDestinationPath: products + "/keymenu")
    }
    // keymenu-dialog on its own is keymenu-whiptail under dialog's name.
    try FileManager.default.createDirectory(
      atPath: harness.directory + "/standalone", withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(
      atPath: harness.directory + "/standalone/keymenu-dialog",
      withDestinationPath: products + "/keymenu-whiptail")
    return harness
  }

  @Test func everyNameIsItsProgram() throws {
    let harness = try Self.links()
    for name in Self.names {
      let standalone =
        name == "keymenu-dialog"
        ? harness.directory + "/standalone/keymenu-dialog" : Self.products + "/" + name
      // dmenu's version is -v.
      for arguments in [["--help"], [name == "keymenu-dmenu" ? "-v" : "--version"]] {
        let expected = try TestProcess.run([standalone] + arguments)
        let linked = try TestProcess.run([harness.directory + "/" + name] + arguments)
        let named = try TestProcess.run([Self.products + "/keymenu", name] + arguments)
        #expect(expected.status == 0 && !expected.stdout.isEmpty, "\(name) \(arguments): \(expected.stderr)")
        for run in [linked, named] {
          #expect(
            run.status == expected.status && run.stdout == expected.stdout && run.stderr == expected.stderr,
            "\(name) \(arguments): \(run.status) \(run.stdout.prefix(200)) \(run.stderr)")
        }
      }
    }
    // The compat directory's names are the drop-ins'.
    for (name, answer) in [("whiptail", "whiptail-compatible"), ("dialog", "dialog-compatible")] {
      let run = try TestProcess.run([harness.directory + "/" + name, "--version"])
      #expect(run.status == 0 && run.stdout.contains(answer), "\(name): \(run.stdout)")
    }
    let dmenu = try TestProcess.run([harness.directory + "/dmenu", "-v"])
    #expect(dmenu.status == 0 && dmenu.stdout.hasPrefix("keymenu-dmenu-"), "\(dmenu.stdout)")
  }

  @Test func keymenuItselfListsItsNames() throws {
    let keymenu = Self.products + "/keymenu"
    let help = try TestProcess.run([keymenu, "--help"])
    #expect(help.status == 0)
    for name in Self.names { #expect(help.stdout.contains("\n  \(name) "), "\(name) in \(help.stdout)") }
    // Each name's summary starts in one column, the longest name's too.
    let rows = help.stdout.split(separator: "\n").filter { $0.hasPrefix("  keymenu") }
    let summaryColumns = Set(
      rows.map { row in
        let afterName = row.dropFirst(2).drop(while: { $0 != " " })
        return row.count - afterName.drop(while: { $0 == " " }).count
      })
    #expect(rows.count >= Self.names.count + 1 && summaryColumns.count == 1, "\(help.stdout)")
    let bare = try TestProcess.run([keymenu])
    #expect(bare.status == 2 && bare.stdout.isEmpty && bare.stderr == help.stdout)
    let unknown = try TestProcess.run([keymenu, "no\u{1B}[31mpe", "--version"])
    #expect(unknown.status == 2 && unknown.stderr.hasPrefix("keymenu: no program called 'no\\x1B[31mpe'"))
    #expect(!unknown.stderr.contains("\u{1B}"), "the name is shown escaped")
    let version = try TestProcess.run([keymenu, "--version"])
    let ctl = try TestProcess.run([keymenu, "keymenuctl", "--version"])
    #expect(version.status == 0 && version.stdout == "keymenu \(ctl.stdout)")
  }

  /// The daemon through its link (its process named keymenud, as
  /// `pgrep -x keymenud` and the unit's journal expect), answered
  /// through the links of keymenuctl and the drop-ins.
  @Test(.enabled(if: DaemonHarness.runs))
  func theProgramsRunThroughTheirLinks() throws {
    try DaemonHarness.checkEmulation()
    let harness = try Self.links()
    let dir = harness.directory
    try harness.writeConfig("log_level = \"info\"\n")
    let result = try harness.run(
      """
      plug 3 keyboard
      until 10000 \(dir)/keymenuctl status
      spawn comm sh -c "cat /proc/$(cat \(dir)/daemon.pid)/comm > \(dir)/comm.out"
      reap comm 0
      spawn status sh -c "\(dir)/keymenuctl status --json"
      reap status 0 "\\"name\\":\\"keymenud\\""
      spawn yes \(dir)/keymenu-whiptail --yesno "Go on?" 8 30
      until 10000 sh -c "\(dir)/keymenuctl state --json | grep -q 'Go on'"
      key 3 ENTER 1
      key 3 ENTER 0
      reap yes 0
      spawn pick sh -c "printf 'apple\\nbanana\\n' | \(dir)/dmenu -p Pick"
      until 10000 sh -c "\(dir)/keymenuctl state --json | grep -q Pick"
      key 3 DOWN 1
      key 3 DOWN 0
      key 3 ENTER 1
      key 3 ENTER 0
      reap pick 0 ^banana$
      """,
      launcher: ["sh", "-c", "echo $$ > \(dir)/daemon.pid; shift; exec \(dir)/keymenud \"$@\"", "sh"])
    #expect(result.status == 0, "\(result.stderr)")
    let comm = try String(contentsOfFile: dir + "/comm.out", encoding: .utf8)
    #expect(comm == "keymenud\n")
  }
}
