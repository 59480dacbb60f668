import Foundation
import KeyMenuTestSupport
import Testing

/// The socket protocol against a live daemon: bad input, limits, tiers and
/// reloads, from clients written the way users write them.
@Suite(.serialized)
struct ProtocolTests {
  @Test(.enabled(if: DaemonHarness.runs))
  func badInputLimitsAndSlowSubscribers() throws {
    let harness = try DaemonHarness()
    // "box" is a configured menu: a client may not define one of that name.
    try harness.writeConfig(
      "log_level = \"info\"\n[menus.box]\ntitle = \"Box\"\nitems = [ { title = \"One\", invoke = \"x\" } ]\n")
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      \(DaemonHarness.longClient("checks", "$PY $CLIENTS/protocol_checks.py"))
      """)
    #expect(result.status == 0, "\(result.stderr)")
    let checks = try harness.longClientResult("checks")
    #expect(checks.status == "0" && checks.output.contains("protocol checks passed"), "\(checks.output)")
  }

  /// Regression (make soak): ending an alert or a menu that is already over
  /// must be -32004, also while the daemon still has its request on file.
  @Test(.enabled(if: DaemonHarness.runs))
  func endingAnAlertOrMenuTwiceIsNotFoundTheSecondTime() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      spawn twice $PY $CLIENTS/end_twice.py
      reap twice 0 'the second is -32004'
      """)
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test(.enabled(if: DaemonHarness.runs))
  func eachTierGetsExactlyWhatItAllows() throws {
    let harness = try DaemonHarness()
    chmod(harness.directory, 0o755)
    // The other uids cannot read the source tree when it sits in a private
    // directory (a CI clone), so their script runs from the open test directory.
    let script = harness.directory + "/tier_checks.py"
    try FileManager.default.copyItem(atPath: DaemonHarness.clients + "/tier_checks.py", toPath: script)
    chmod(script, 0o644)
    try harness.writeConfig(
      """
      log_level = "info"
      [socket]
      mode = "0666"
      [[socket.tiers]]
      uid = 65533
      tier = "drive"
      """)
    let observe = "setpriv --reuid=65534 --regid=65534 --clear-groups"
    let drive = "setpriv --reuid=65533 --regid=65533 --clear-groups"
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      spawn menu sh -c "printf 'x\\n' | $CTL menu --title Another"
      until 5000 sh -c "$CTL state --json | grep -q menu-"
      spawn nobody \(observe) $PY $DIR/tier_checks.py observe
      reap nobody 0
      spawn driver \(drive) $PY $DIR/tier_checks.py drive
      reap driver 0
      spawn root $PY $CLIENTS/tier_checks.py admin
      reap root 0
      reap menu 1
      """)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("refused: config.reload"), "a refusal is logged")
    #expect(result.stderr.contains("(admin) dismissed alert alert-"), "logged")
  }

  @Test(.enabled(if: DaemonHarness.runs))
  func aBrokenReloadKeepsTheConfigurationInForce() throws {
    let harness = try DaemonHarness()
    let good = """
      log_level = "info"
      [menus.main]
      title = "Main"
      items = [ { title = "One", invoke = "x" } ]
      """
    try harness.writeConfig(good)
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      spawn shown $CTL menu --name main
      until 5000 sh -c "$CTL state --json | grep -q One"
      spawn first $CTL reload --json
      reap first 0 '"ok":true'
      reap shown 1
      spawn broken sh -c "printf 'grab = 7\\n[menus.main\\n' > $DIR/keymenu.toml; $CTL reload"
      reap broken 255
      spawn list $CTL call menu.list --json
      reap list 0 '"name":"main"'
      signal HUP
      wait 200
      spawn status $CTL status --json
      reap status 0 '"last_reload_error":"[^"]*keymenu.toml:2:'
      """)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("the previous configuration stays"))
  }

  @Test(.enabled(if: DaemonHarness.runs))
  func subscribersSeeTheLastAnswersWhenTheDaemonStops() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      spawn watch sh -c "$CTL subscribe alert menu --json > $DIR/watch.txt"
      until 5000 sh -c "grep -q snapshot $DIR/watch.txt"
      spawn owner $CTL alert Pending
      until 5000 sh -c "$CTL state --json | grep -q Pending"
      spawn picker sh -c "printf 'a\\nb\\n' | $CTL menu --title Open"
      until 5000 sh -c "$CTL state --json | grep -q Open"
      signal TERM
      exit
      """)
    #expect(result.status == 0, "\(result.stderr)")
    var lines: [String] = []
    for _ in 0..<100 {
      lines = try String(contentsOfFile: harness.directory + "/watch.txt", encoding: .utf8)
        .split(separator: "\n").map(String.init)
      if lines.last?.contains(#""stack":[]"#) == true { break }
      usleep(50_000)
    }
    #expect(
      lines.contains { $0.contains("alert.answered") && $0.contains(#""reason":"dismissed""#) }, "\(lines)")
    #expect(lines.contains { $0.contains("menu.closed") }, "\(lines)")
    #expect(lines.last?.contains(#""stack":[]"#) == true, "the last state is empty: \(lines)")
  }

  @Test(.enabled(if: DaemonHarness.runs))
  func aSecondDaemonOnALiveSocketSaysSoAndExits() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    try FileManager.default.createDirectory(
      atPath: harness.directory + "/empty", withIntermediateDirectories: false)
    let second =
      "timeout 20 \(DaemonHarness.keymenud) --config $DIR/keymenu.toml --socket $DIR/s.sock --input-dir $DIR/empty"
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      spawn second \(second)
      reap second 1
      spawn still $CTL status --json
      reap still 0 '"devices":1'
      """)
    #expect(result.status == 0, "\(result.stderr)")
  }
}
