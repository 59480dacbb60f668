import Foundation
import KeyMenuTestSupport
import Testing

/// keymenu-whiptail against the real thing: each option set of
/// ``WhiptailCase/all`` is run by Debian's whiptail in tmux with keys sent
/// to it, and by keymenu-whiptail against keymenud answered with the same
/// keys on an emulated keyboard; the exit statuses and the bytes written
/// on stderr and on descriptor 3 must be the same.
@Suite(.serialized)
struct WhiptailCompatTests {
  static let whiptail = "/usr/bin/whiptail"
  static let keymenuWhiptail = DaemonHarness.products + "/keymenu-whiptail"
  static let hasTools =
    FileManager.default.isExecutableFile(atPath: whiptail)
    && FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")
  static let runs = (DaemonHarness.hasUmockdev && hasTools) || DaemonHarness.requireEmulation

  init() throws {
    if DaemonHarness.requireEmulation {
      try #require(DaemonHarness.hasUmockdev, "umockdev is required")
      try #require(Self.hasTools, "whiptail and tmux are required (make deps installs them)")
    }
  }

  /// What one run left: the exit status, stderr's bytes, descriptor 3's bytes.
  struct Run: Equatable, CustomStringConvertible {
    var status: String
    var stderr: Data
    var fd3: Data

    var description: String {
      "status \(status), stderr \(String(decoding: stderr, as: UTF8.self).debugDescription), "
        + "fd3 \(String(decoding: fd3, as: UTF8.self).debugDescription)"
    }
  }

  /// `word` quoted for sh.
  static func quoted(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// The shell command that runs `program` with a case's arguments, its
  /// stderr and descriptor 3 in files, its exit status last.
  static func command(_ program: String, _ testCase: WhiptailCase, into directory: String, prefix: String)
    -> String
  {
    let base = "\(directory)/\(prefix)-\(testCase.name)"
    let arguments = testCase.arguments.map { $0.replacingOccurrences(of: "@DIR@", with: directory) }
    let input = testCase.input.map { "printf \(quoted($0)) | " } ?? ""
    return input + ([program] + arguments).map(quoted).joined(separator: " ")
      + " 2>\(base).err 3>\(base).fd3; echo $? >\(base).status"
  }

  static func read(_ directory: String, _ prefix: String, _ testCase: WhiptailCase) -> Run {
    let base = "\(directory)/\(prefix)-\(testCase.name)"
    let status = (try? String(contentsOfFile: base + ".status", encoding: .utf8)) ?? "none"
    return Run(
      status: status.trimmingCharacters(in: .whitespacesAndNewlines),
      stderr: FileManager.default.contents(atPath: base + ".err") ?? Data(),
      fd3: FileManager.default.contents(atPath: base + ".fd3") ?? Data())
  }

  /// Runs the real whiptail for every case in a tmux pane of 80×24
  /// (Tests/Fixtures/compat/in_tmux.sh).
  static func runRealWhiptail(_ cases: [WhiptailCase], in directory: String) throws {
    for testCase in cases {
      let script = command(whiptail, testCase, into: directory, prefix: "real")
      let run = try TestProcess.run(
        [DaemonHarness.fixtures + "/compat/in_tmux.sh", directory, "real-\(testCase.name)", testCase.marker]
          + testCase.keys.map(\.tmux) + ["--", script])
      #expect(run.status == 0, "\(testCase.name): \(run.stderr)")
    }
  }

  /// The hotplug.py scenario that runs keymenu-whiptail for every case and
  /// answers it on the emulated keyboard.
  static func scenario(_ cases: [WhiptailCase], in directory: String) -> String {
    var lines = ["plug 3 keyboard", "until 5000 $CTL status"]
    for testCase in cases {
      let script = command(keymenuWhiptail, testCase, into: directory, prefix: "keymenu")
      lines.append("spawn \(testCase.name) sh -c \(quoted(script))")
      if !testCase.marker.isEmpty {
        lines.append(
          "until 10000 sh -c \(quoted("$CTL state --json | grep -qF -- \(quoted(testCase.marker))"))")
      }
      for key in testCase.keys {
        for (name, value) in key.evdev { lines.append("key 3 \(name) \(value)") }
      }
      lines.append("until 10000 test -s \(directory)/keymenu-\(testCase.name).status")
      lines.append("reap \(testCase.name) 0")
    }
    return lines.joined(separator: "\n")
  }

  @Test(.enabled(if: runs))
  func sameStatusAndOutputAsTheRealWhiptail() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    let cases = WhiptailCase.all
    try WhiptailCase.licence.write(
      toFile: harness.directory + "/licence.txt", atomically: true, encoding: .utf8)
    try Self.runRealWhiptail(cases, in: harness.directory)
    let result = try harness.run(Self.scenario(cases, in: harness.directory))
    #expect(result.status == 0, "\(result.stderr)")
    let statuses = Set(cases.map { Self.read(harness.directory, "real", $0).status })
    #expect(statuses == ["0", "1", "255"], "the table covers OK, Cancel/No and Esc: \(statuses)")
    for testCase in cases {
      let real = Self.read(harness.directory, "real", testCase)
      let ours = Self.read(harness.directory, "keymenu", testCase)
      #expect(real.status != "none", "\(testCase.name): whiptail did not run")
      #expect(ours == real, "\(testCase.name): keymenu-whiptail \(ours), whiptail \(real)")
    }
  }

  /// A gauge moves as its standard input comes (a bare percent, then an
  /// `XXX` block of percent and text) and ends with it, exit 0.
  @Test(.enabled(if: runs))
  func aGaugeMovesWithItsInputAndEndsWithIt() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    let dir = harness.directory
    let script = """
      wait_for() { while [ ! -e "$1" ]; do sleep 0.02; done; }
      { echo 30; wait_for \(dir)/go; printf 'XXX\\n70\\nHalf way\\nXXX\\n'; wait_for \(dir)/end; } |
        \(Self.keymenuWhiptail) --title Setup --gauge Copying 8 40 0 2>\(dir)/gauge.err
      echo $? >\(dir)/gauge.status
      """
    try script.write(toFile: dir + "/gauge.sh", atomically: true, encoding: .utf8)
    let state = "$CTL state --json | grep -q"
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      spawn gauge sh $DIR/gauge.sh
      until 10000 sh -c "\(state) '\\"percent\\":30' && \(state) Copying"
      until 2000 touch $DIR/go
      until 10000 sh -c "\(state) '\\"percent\\":70' && \(state) 'Half way'"
      until 2000 touch $DIR/end
      until 10000 test -s $DIR/gauge.status
      until 5000 sh -c "! \(state) Setup"
      """)
    #expect(result.status == 0, "\(result.stderr)")
    let status = try String(contentsOfFile: dir + "/gauge.status", encoding: .utf8)
    #expect(status == "0\n")
    #expect(FileManager.default.contents(atPath: dir + "/gauge.err") == Data())
  }
}
