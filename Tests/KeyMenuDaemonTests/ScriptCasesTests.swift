import Foundation
import KeyMenuTestSupport
import Testing

/// keymenu-whiptail and keymenu-dialog against Debian's whiptail and dialog
/// on the cases taken from real scripts (`Tests/Fixtures/compat/cases.tsv`:
/// raspi-config, Pi-hole, PiVPN, debconf's dialog frontend, dialog's own
/// samples, ...): each case's keys are typed on
/// the script's terminal in tmux, for the real program and for keymenu's
/// (the compat links first on PATH, keymenud answering), by the same runner
/// (`run_real_cases.sh`); the exit status and every byte written must be
/// the same. The cases keymenu does not match yet are listed, with why, in
/// `cases-known-different.txt`: every other case must be identical, and a
/// listed one that now is must leave the list (so it only shrinks).
@Suite(.serialized)
struct ScriptCasesTests {
  static let compat = DaemonHarness.fixtures + "/compat"
  static let hasTools = ["/usr/bin/whiptail", "/usr/bin/tmux"].allSatisfy {
    FileManager.default.isExecutableFile(atPath: $0)
  }
  static let runs = (DaemonHarness.hasUmockdev && hasTools) || DaemonHarness.requireEmulation

  init() throws {
    if DaemonHarness.requireEmulation {
      try #require(Self.hasTools, "whiptail and tmux are required (make deps installs them)")
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
    try compare("whiptail", pattern: "^wt-", atLeast: 200)
  }

  @Test(.enabled(if: runs && FileManager.default.isExecutableFile(atPath: "/usr/bin/dialog")))
  func dialogCasesFromRealScriptsAnswerAsTheRealDialog() throws {
    try compare("dialog", pattern: "^dg-", atLeast: 90)
  }

  /// Runs the cases matching `pattern` against the real `program` and
  /// against keymenu's (`keymenu-whiptail` linked as `program`, first on
  /// PATH), and records every case whose answers differ and is not listed
  /// as known to.
  func compare(_ program: String, pattern: String, atLeast: Int) throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    let dir = harness.directory
    let links = dir + "/compat"
    try FileManager.default.createDirectory(atPath: links, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: links + "/" + program, withDestinationPath: DaemonHarness.products + "/keymenu-whiptail")
    let real = try TestProcess.run(
      [Self.compat + "/run_real_cases.sh", "-j", "4", dir + "/real", pattern], timeout: 600)
    #expect(real.status == 0, "\(real.stderr)")
    // keymenu's side one case at a time: a key typed on a terminal acts on
    // its box only while that box is in front.
    let ours =
      "PATH=\(links):$PATH KEYMENU_SOCKET=$DIR/s.sock \(Self.compat)/run_real_cases.sh -j 1 $DIR/ours '\(pattern)'"
    let result = try harness.run(
      """
      until 5000 $CTL status
      until 900000 sh -c "\(ours) >$DIR/ours.log 2>&1; echo done >$DIR/ours.done"
      until 5000 test -e $DIR/ours.done
      """, timeout: 900)
    #expect(result.status == 0, "\(result.stderr)")
    let theirs = try Self.answers(dir + "/real/cases-real.tsv")
    let mine = try Self.answers(dir + "/ours/cases-real.tsv")
    let known = try Self.knownDifferent()
    #expect(theirs.count >= atLeast, "the real \(program) answered \(theirs.count) cases")
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
