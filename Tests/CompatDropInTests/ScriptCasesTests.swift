import Foundation
import KeyMenuTestSupport
import Testing

/// keymenu-whiptail, keymenu-dialog and keymenu-dmenu against Debian's
/// whiptail, dialog and dmenu on the cases taken from real scripts
/// (`Tests/Fixtures/compat/cases.tsv`: raspi-config, Pi-hole, PiVPN,
/// debconf's dialog frontend, dialog's own samples, dmenu scripts, ...):
/// each case's keys are pressed for the real program and for keymenu's (the
/// compat links first on PATH, keymenud answering) by the same runner
/// (`run_real_cases.sh`); the exit status and every byte written must be
/// the same. whiptail's and dialog's keys are typed on the script's
/// terminal in tmux; dmenu's go to the real dmenu on Xvfb through xdotool
/// and to keymenu-dmenu's menu through an emulated keyboard keymenud reads.
/// The cases keymenu does not match yet are listed, with why, in
/// `cases-known-different.txt`: every other case must be identical, and a
/// listed one that now is must leave the list (so it only shrinks).
@Suite(.serialized)
struct ScriptCasesTests {
  static let compat = DaemonHarness.fixtures + "/compat"
  static let runner = compat + "/run_real_cases.sh"
  static let hasTools = ["/usr/bin/whiptail", "/usr/bin/tmux"].allSatisfy {
    FileManager.default.isExecutableFile(atPath: $0)
  }
  static let runs = (DaemonHarness.hasUmockdev && hasTools) || DaemonHarness.requireEmulation
  static let hasDmenuTools = ["/usr/bin/dmenu", "/usr/bin/xdotool", "/usr/bin/Xvfb"].allSatisfy {
    FileManager.default.isExecutableFile(atPath: $0)
  }
  static let dmenuRuns = (DaemonHarness.hasUmockdev && hasDmenuTools) || DaemonHarness.requireEmulation

  init() throws {
    if DaemonHarness.requireEmulation {
      try #require(Self.hasTools, "whiptail and tmux are required (make deps installs them)")
      try #require(Self.hasDmenuTools, "dmenu, xdotool and Xvfb are required (make deps installs them)")
    }
  }

  /// One case's answer: status, standard output, standard error (escaped
  /// as the runner writes them).
  struct Answer: Equatable, CustomStringConvertible {
    var status: String
    var stdout: String
    var stderr: String
    var description: String {
      "status \(status), stdout \(stdout.debugDescription), stderr \(stderr.debugDescription)"
    }
  }

  /// The answers of a runner's `cases-real.tsv`, by case name.
  static func answers(_ file: String) throws -> [String: Answer] {
    let text = try String(contentsOfFile: file, encoding: .utf8)
    var found: [String: Answer] = [:]
    for line in text.split(separator: "\n").dropFirst() {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 4 else { continue }
      found[fields[0]] = Answer(status: fields[1], stdout: fields[2], stderr: fields[3])
    }
    return found
  }

  /// The names in `cases-known-different.txt` (a name, then why).
  static func knownDifferent() throws -> Set<String> {
    let text = try String(contentsOfFile: compat + "/cases-known-different.txt", encoding: .utf8)
    return Set(
      text.split(separator: "\n").compactMap { line in
        line.hasPrefix("#") ? nil : line.split(separator: " ").first.map(String.init)
      })
  }

  @Test(.enabled(if: runs))
  func whiptailCasesFromRealScriptsAnswerAsTheRealWhiptail() throws {
    try compareOnTerminals("whiptail", pattern: "^wt-", atLeast: 200)
  }

  @Test(.enabled(if: runs && FileManager.default.isExecutableFile(atPath: "/usr/bin/dialog")))
  func dialogCasesFromRealScriptsAnswerAsTheRealDialog() throws {
    try compareOnTerminals("dialog", pattern: "^dg-", atLeast: 90)
  }

  /// A daemon harness and a directory of compat links in it where
  /// `program` names keymenu's `product` (to put first on PATH).
  static func harness(linking program: String, to product: String) throws -> (DaemonHarness, links: String) {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    let links = harness.directory + "/compat"
    try FileManager.default.createDirectory(atPath: links, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: links + "/" + program, withDestinationPath: DaemonHarness.products + "/" + product)
    return (harness, links)
  }

  /// Runs the cases matching `pattern` in tmux against the real `program`
  /// and against keymenu's (`keymenu-whiptail` linked as `program`, first
  /// on PATH), and compares the answers.
  func compareOnTerminals(_ program: String, pattern: String, atLeast: Int) throws {
    let (harness, links) = try Self.harness(linking: program, to: "keymenu-whiptail")
    let dir = harness.directory
    let real = try TestProcess.run([Self.runner, "-j", "4", dir + "/real", pattern], timeout: 600)
    #expect(real.status == 0, "\(real.stderr)")
    // keymenu's side one case at a time: a key typed on a terminal acts on
    // its box only while that box is in front.
    let ours = "PATH=\(links):$PATH KEYMENU_SOCKET=$DIR/s.sock \(Self.runner) -j 1 $DIR/ours '\(pattern)'"
    let result = try harness.run(
      """
      until 5000 $CTL status
      until 900000 sh -c "\(ours) >$DIR/ours.log 2>&1; echo done >$DIR/ours.done"
      until 5000 test -e $DIR/ours.done
      """, timeout: 900)
    #expect(result.status == 0, "\(result.stderr)")
    let theirs = try Self.answers(dir + "/real/cases-real.tsv")
    #expect(theirs.count >= atLeast, "the real \(program) answered \(theirs.count) cases")
    try Self.compare(theirs, with: Self.answers(dir + "/ours/cases-real.tsv"), program: program)
  }

  /// The 63 dmenu cases: the real dmenu on Xvfb (xdotool presses the keys),
  /// then keymenu-dmenu (a link named dmenu first on PATH) with each case's
  /// keys pressed on an emulated keyboard once its menu is in front (the
  /// runner's `-e` scenario, run by the hot-plug driver beside keymenud).
  @Test(.enabled(if: dmenuRuns))
  func dmenuCasesFromRealScriptsAnswerAsTheRealDmenu() throws {
    let (harness, links) = try Self.harness(linking: "dmenu", to: "keymenu-dmenu")
    let dir = harness.directory
    let pattern = "^dm-"
    let real = try TestProcess.run([Self.runner, dir + "/real", pattern], timeout: 600)
    #expect(real.status == 0, "\(real.stderr)")
    let path = links + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    let prepared = try TestProcess.run(
      [Self.runner, "-e", dir + "/scenario", dir + "/ours", pattern], environment: ["PATH": path])
    #expect(prepared.status == 0, "\(prepared.stderr)")
    let scenario = try String(contentsOfFile: dir + "/scenario", encoding: .utf8)
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      \(scenario)
      """, timeout: 600)
    #expect(result.status == 0, "\(result.stderr)")
    let collected = try TestProcess.run([Self.runner, "-r", dir + "/ours"])
    #expect(collected.status == 0, "\(collected.stderr)")
    let theirs = try Self.answers(dir + "/real/cases-real.tsv")
    #expect(theirs.count >= 60, "the real dmenu answered \(theirs.count) cases")
    try Self.compare(theirs, with: Self.answers(dir + "/ours/cases-real.tsv"), program: "dmenu")
  }

  /// Requires every case of `theirs` (the real program's answers) to have
  /// the same answer in `mine`, except those of cases-known-different.txt,
  /// which must still differ.
  static func compare(_ theirs: [String: Answer], with mine: [String: Answer], program: String) throws {
    let known = try knownDifferent()
    var same = 0
    var fixed: [String] = []
    for (name, answer) in theirs.sorted(by: { $0.key < $1.key }) {
      let other = mine[name]
      if other == answer {
        same += 1
        if known.contains(name) { fixed.append(name) }
      } else if !known.contains(name) {
        Issue.record(
          "\(name): keymenu's \(program) \(other.map(\.description) ?? "no answer"), \(program) \(answer)")
      }
    }
    #expect(fixed.isEmpty, "identical now, take them off cases-known-different.txt: \(fixed)")
    print("script cases: \(same) of \(theirs.count) identical to the real \(program)")
  }
}
