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

  /// A private directory with `compat/` holding the drop-ins' links (``DaemonHarness/compatDirectory()``).
  static func compatDirectory() throws -> DaemonHarness { try DaemonHarness.compatDirectory() }

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

  /// The environment of a compat command with no keymenud: no mark of
  /// an earlier fallback.
  static func noDaemon(_ harness: DaemonHarness, path: String) -> [String: String] {
    ["KEYMENU_SOCKET": harness.directory + "/nobody.sock", "PATH": path, "KEYMENU_COMPAT_FALLBACK": ""]
  }

  /// A copy of a built command in `directory` (the file itself, not a link).
  static func copy(_ product: String, to path: String) throws {
    try FileManager.default.copyItem(atPath: "\(products)/\(product)", toPath: path)
  }

  /// Issue 28 finding 7. Two hard links of one keymenu-whiptail, both
  /// named whiptail on PATH: each took the other for the real whiptail
  /// (their `realpath`s differ) and they exec'd each other for ever. Now
  /// one file under two names (device and inode) is this program: there is
  /// no real whiptail, it says so and exits 255, at once. The timeout
  /// (status 124) bounds a regression.
  @Test func twoHardLinksOfOneCommandDoNotRunEachOther() throws {
    let harness = try DaemonHarness()
    let dir = harness.directory
    for sub in ["bin", "a", "b"] {
      try FileManager.default.createDirectory(atPath: "\(dir)/\(sub)", withIntermediateDirectories: true)
    }
    // The copy first: a hard link must be on the same file system.
    try Self.copy("keymenu-whiptail", to: "\(dir)/bin/keymenu-whiptail")
    try FileManager.default.linkItem(atPath: "\(dir)/bin/keymenu-whiptail", toPath: "\(dir)/a/whiptail")
    try FileManager.default.linkItem(atPath: "\(dir)/bin/keymenu-whiptail", toPath: "\(dir)/b/whiptail")
    // Hard links indeed (one inode), not copies, which the bytes would tell.
    let inodes = try ["a", "b"].map {
      try FileManager.default.attributesOfItem(atPath: "\(dir)/\($0)/whiptail")[.systemFileNumber] as? Int
    }
    try #require(inodes[0] != nil && inodes[0] == inodes[1], "\(inodes)")
    let run = try TestProcess.run(
      ["\(dir)/a/whiptail", "--msgbox", "Hello", "8", "40"],
      environment: Self.noDaemon(harness, path: "\(dir)/a:\(dir)/b"), timeout: 20)
    #expect(run.status == 255, "\(run.stderr)")
    #expect(run.stderr.contains("no real whiptail is installed"), "\(run.stderr)")
  }

  /// Issue 28 finding 7. Two installs of the same keymenu-dmenu (copies,
  /// not links) as dmenu on PATH ran each other for ever. Now a file of
  /// this program's size and bytes is this program: no real dmenu, exit 1.
  @Test func twoCopiesOfOneCommandDoNotRunEachOther() throws {
    let harness = try DaemonHarness()
    let dir = harness.directory
    for sub in ["a", "b"] {
      try FileManager.default.createDirectory(atPath: "\(dir)/\(sub)", withIntermediateDirectories: true)
      try Self.copy("keymenu-dmenu", to: "\(dir)/\(sub)/dmenu")
    }
    let run = try TestProcess.run(
      ["\(dir)/a/dmenu", "-p", "Pick"], input: "a\nb\n",
      environment: Self.noDaemon(harness, path: "\(dir)/a:\(dir)/b"), timeout: 20)
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stderr.contains("no real dmenu is installed"), "\(run.stderr)")
  }

  /// Issue 28 finding 7. A script named whiptail (or dialog) on PATH that
  /// runs keymenu-whiptail: the command ran it as the real program, the
  /// script ran the command, and so on for ever, hundreds of times a
  /// second. Now the command runs it once, marked
  /// (`KEYMENU_COMPAT_FALLBACK`), and the command it runs refuses to fall
  /// back again: one run of the script, exit 255, the loop and the
  /// script named on stderr. The same with a script that forks the
  /// command instead of exec'ing it, and for keymenu-dmenu (exit 1).
  @Test func aScriptThatRunsTheCommandIsRunOnceAndTheLoopNamed() throws {
    let harness = try DaemonHarness()
    let dir = harness.directory
    for sub in ["wrap", "bin"] {
      try FileManager.default.createDirectory(atPath: "\(dir)/\(sub)", withIntermediateDirectories: true)
    }
    // keymenu-dialog, as make install links it.
    try FileManager.default.createSymbolicLink(
      atPath: "\(dir)/bin/keymenu-dialog", withDestinationPath: "\(Self.products)/keymenu-whiptail")
    for (name, target, exec) in [
      ("whiptail", "\(Self.products)/keymenu-whiptail", "exec "), ("dialog", "\(dir)/bin/keymenu-dialog", ""),
      ("dmenu", "\(Self.products)/keymenu-dmenu", ""),
    ] {
      let script = "\(dir)/wrap/\(name)"
      // Counted; and stopped at 50 runs, so that a regression cannot
      // fork without end (the timeout bounds an exec loop).
      let runs = "\(dir)/\(name).runs"
      try """
      #!/bin/sh
      echo run >>\(runs)
      [ "$(wc -l <\(runs))" -lt 50 ] || exit 99
      \(exec)\(target) "$@"

      """.write(toFile: script, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
    }
    let cases: [(name: String, command: [String], input: String?, status: Int32)] = [
      ("whiptail", ["\(Self.products)/keymenu-whiptail", "--msgbox", "Hello", "8", "40"], nil, 255),
      ("dialog", ["\(dir)/bin/keymenu-dialog", "--yesno", "Hello", "0", "0"], nil, 255),
      ("dmenu", ["\(Self.products)/keymenu-dmenu", "-p", "Pick"], "a\nb\n", 1),
    ]
    for (name, command, input, status) in cases {
      let run = try TestProcess.run(
        command, input: input, environment: Self.noDaemon(harness, path: "\(dir)/wrap:/usr/bin:/bin"),
        timeout: 20)
      #expect(run.status == status, "\(name): \(run.stderr)")
      let runs = (try? String(contentsOfFile: "\(dir)/\(name).runs", encoding: .utf8)) ?? ""
      #expect(runs == "run\n", "\(name): the script ran \(runs.split(separator: "\n").count) times")
      #expect(
        run.stderr.contains("KEYMENU_COMPAT_FALLBACK=\(dir)/wrap/\(name)")
          && run.stderr.contains("would loop"),
        "\(name): \(run.stderr)")
      #expect(run.stderr.split(separator: "\n").count == 1, "\(name): one line: \(run.stderr)")
    }
  }

  /// A stand-in for the real whiptail and dmenu in `dir/real`: each run
  /// writes its arguments and standard input to `dir/NAME.real` and exits 0.
  static func standIns(in dir: String) throws {
    try FileManager.default.createDirectory(atPath: dir + "/real", withIntermediateDirectories: true)
    for name in ["whiptail", "dmenu"] {
      let script = "\(dir)/real/\(name)"
      try """
      #!/bin/sh
      { echo "$*"; [ \(name) = dmenu ] && cat; } >\(dir)/\(name).real
      exit 0

      """.write(toFile: script, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
    }
  }

  /// Issue 29. A keymenud that accepts connections but does not run
  /// (SIGSTOP: the kernel still queues the connection) left
  /// `keymenu-whiptail --msgbox` and `keymenu-dmenu` waiting for ever.
  /// Now a daemon that does not answer `hello` within 2 s is left alone
  /// and the real program asks the question, with the same arguments
  /// (dmenu: the same lines), nothing on stderr.
  @Test(.enabled(if: DaemonHarness.hasUmockdev || DaemonHarness.requireEmulation))
  func aStoppedDaemonLeavesTheQuestionToTheRealProgram() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    let dir = harness.directory
    try Self.standIns(in: dir)
    let path = "PATH=\(dir)/real:/usr/bin:/bin KEYMENU_COMPAT_FALLBACK="
    let result = try harness.run(
      """
      until 5000 $CTL status
      signal STOP
      spawn box sh -c "\(path) \(Self.products)/keymenu-whiptail --msgbox Hi 8 40 2>\(dir)/box.err; echo $? >\(dir)/box.status"
      spawn menu sh -c "printf 'a\\\\nb\\\\n' | \(path) \(Self.products)/keymenu-dmenu -p Pick 2>\(dir)/menu.err; echo $? >\(dir)/menu.status"
      until 10000 test -s \(dir)/box.status
      until 10000 test -s \(dir)/menu.status
      signal CONT
      """)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try String(contentsOfFile: dir + "/box.status", encoding: .utf8) == "0\n")
    #expect(try String(contentsOfFile: dir + "/whiptail.real", encoding: .utf8) == "--msgbox Hi 8 40\n")
    #expect(try String(contentsOfFile: dir + "/box.err", encoding: .utf8) == "")
    #expect(try String(contentsOfFile: dir + "/menu.status", encoding: .utf8) == "0\n")
    #expect(try String(contentsOfFile: dir + "/dmenu.real", encoding: .utf8) == "-p Pick\na\nb\n")
    #expect(try String(contentsOfFile: dir + "/menu.err", encoding: .utf8) == "")
  }

  /// Issue 29. keymenud dying while its box was up made
  /// keymenu-whiptail print to stderr and exit 255, which debconf takes
  /// for a failure, though the question was never answered. Now the real
  /// program asks it, with the same arguments, nothing on stderr.
  @Test(.enabled(if: DaemonHarness.hasUmockdev || DaemonHarness.requireEmulation))
  func aDaemonThatDiesMidBoxLeavesTheQuestionToTheRealProgram() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    let dir = harness.directory
    try Self.standIns(in: dir)
    let path = "PATH=\(dir)/real:/usr/bin:/bin KEYMENU_COMPAT_FALLBACK="
    let result = try harness.run(
      """
      until 5000 $CTL status
      spawn box sh -c "\(path) \(Self.products)/keymenu-whiptail --yesno 'Wipe it?' 8 40 2>\(dir)/box.err; echo $? >\(dir)/box.status"
      until 10000 sh -c "$CTL state --json | grep -qF 'Wipe it'"
      signal KILL
      until 10000 test -s \(dir)/box.status
      """)
    #expect(result.status == 137, "keymenud was killed: \(result.stderr)")
    #expect(try String(contentsOfFile: dir + "/box.status", encoding: .utf8) == "0\n")
    #expect(try String(contentsOfFile: dir + "/whiptail.real", encoding: .utf8) == "--yesno Wipe it? 8 40\n")
    #expect(try String(contentsOfFile: dir + "/box.err", encoding: .utf8) == "")
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
