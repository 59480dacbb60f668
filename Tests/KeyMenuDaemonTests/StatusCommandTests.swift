import Foundation
import KeyMenuProtocol
import KeyMenuTestSupport
import Testing

/// `keymenuctl status`, the command scripts run most, is read by hand
/// before ArgumentParser sees it (`QuickCommand`): its forms (`--json`,
/// `--socket PATH`; `--socket=PATH` through ArgumentParser) answer as
/// before, and anything else (a mistake, `--help`) is ArgumentParser's,
/// with its messages and statuses.
@Suite(.serialized)
struct StatusCommandTests {
  init() throws { try DaemonHarness.checkEmulation() }

  @Test(.enabled(if: DaemonHarness.runs))
  func theQuickFormsAnswerAndTheRestIsArgumentParsers() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    let result = try harness.run(
      """
      until 5000 $CTL status
      until 2000 sh -c "$CTL status > $DIR/plain.out"
      until 2000 sh -c "$CTL status --json > $DIR/json.out"
      until 2000 sh -c "env -u KEYMENU_SOCKET $CTL status --socket $DIR/s.sock --json > $DIR/socket.out"
      until 2000 sh -c "env -u KEYMENU_SOCKET $CTL status --socket=$DIR/s.sock > $DIR/equals.out"
      until 2000 sh -c "$CTL status --bogus > $DIR/bogus.out 2>&1; echo $? > $DIR/bogus.status"
      until 2000 sh -c "$CTL status --json --json > $DIR/twice.out"
      until 2000 sh -c "$CTL status --socket $DIR/missing.sock > $DIR/missing.out 2>&1; echo $? > $DIR/missing.status"
      until 2000 sh -c "$CTL status --help > $DIR/help.out 2>&1; echo $? > $DIR/help.status"
      """)
    #expect(result.status == 0, "\(result.stderr)")
    guard result.status == 0 else { return }
    func file(_ name: String) throws -> String {
      try String(contentsOfFile: "\(harness.directory)/\(name)", encoding: .utf8)
    }
    // `--json` twice is not a quick form: ArgumentParser takes it and answers.
    for name in ["plain", "json", "socket", "equals", "twice"] {
      let line = try file("\(name).out")
      let status = JSONValue.parse(Array(line.utf8.dropLast()))
      #expect(status?["name"] == "keymenud" && status?["clients"] != nil, "\(name): \(line)")
    }
    #expect(try file("bogus.status") == "2\n")
    #expect(try file("bogus.out").contains("--bogus"), "ArgumentParser names the unknown option")
    #expect(try file("missing.status") == "255\n")
    #expect(try file("missing.out").hasPrefix("keymenuctl: "))
    #expect(try file("help.status") == "0\n")
    #expect(try file("help.out").contains("USAGE: keymenuctl status"))
  }
}
