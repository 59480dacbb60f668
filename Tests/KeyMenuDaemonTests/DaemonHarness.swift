import Foundation
import KeyMenuTestSupport
import Testing

/// Runs keymenud on emulated devices through the hot-plug driver, with a
/// configuration and socket in a private temporary directory, removed when
/// the harness goes.
final class DaemonHarness {
  static let fixtures = TestProcess.fixtures
  static let clients = fixtures + "/clients"
  static let products = TestProcess.products
  static let keymenud = products + "/keymenud"
  static let keymenuctl = products + "/keymenuctl"
  static let systemPython = TestProcess.systemPython

  static let hasUmockdev = TestProcess.hasUmockdev
  /// `make test` sets KEYMENU_REQUIRE_UMOCKDEV=1: then emulated tests must run, not skip.
  static let requireEmulation = ProcessInfo.processInfo.environment["KEYMENU_REQUIRE_UMOCKDEV"] == "1"
  /// Whether the emulated tests run (`.enabled(if: DaemonHarness.runs)`).
  static let runs = hasUmockdev || requireEmulation

  /// Fails a suite's setup when emulation is required and missing.
  static func checkEmulation() throws {
    if requireEmulation { try #require(hasUmockdev, "umockdev is required") }
  }

  typealias Result = TestProcess.Result

  /// The private directory (mode 0700 from mkdtemp).
  let directory: String

  init() throws {
    var template = Array((NSTemporaryDirectory() + "/keymenu-test-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { throw POSIXError(.EIO) }
    directory = String(cString: made)
  }

  deinit { try? FileManager.default.removeItem(atPath: directory) }

  var socket: String { directory + "/s.sock" }
  var config: String { directory + "/keymenu.toml" }

  /// Writes the configuration file.
  func writeConfig(_ text: String) throws {
    try text.write(toFile: config, atomically: true, encoding: .utf8)
  }

  /// Scenario lines that run a client that may take longer than `reap`'s
  /// 10 s on a loaded machine: it writes `$DIR/NAME.out` and
  /// `$DIR/NAME.status`, which ``longClientResult(_:)`` reads after the run.
  static func longClient(_ name: String, _ command: String, milliseconds: Int = 60_000) -> String {
    """
    spawn \(name) sh -c "\(command) > $DIR/\(name).out 2>&1; echo $? > $DIR/\(name).status"
    until \(milliseconds) test -s $DIR/\(name).status
    """
  }

  /// The exit status and output of a ``longClient(_:_:milliseconds:)``.
  func longClientResult(_ name: String) throws -> (status: String, output: String) {
    let status = try String(contentsOfFile: "\(directory)/\(name).status", encoding: .utf8)
    let output = try String(contentsOfFile: "\(directory)/\(name).out", encoding: .utf8)
    return (status.trimmingCharacters(in: .whitespacesAndNewlines), output)
  }

  /// Runs `scenario` (Tests/Fixtures/hotplug.py) with keymenud as PROGRAM;
  /// `$CTL` in the scenario is keymenuctl, `$DIR` the directory, `$PY` Python,
  /// `$CLIENTS` Tests/Fixtures/clients. A `launcher` (a program and its
  /// arguments that ends by executing the rest, such as
  /// `systemd-socket-activate ... --`) runs in keymenud's place and inherits
  /// the testbed.
  func run(
    _ scenario: String, launcher: [String] = [], extraArguments: [String] = [],
    environment: [String: String] = [:], timeout: Int = 120
  ) throws -> Result {
    let text =
      scenario
      .replacingOccurrences(of: "$CTL", with: Self.keymenuctl)
      .replacingOccurrences(of: "$DIR", with: directory)
      .replacingOccurrences(of: "$PY", with: Self.systemPython)
      .replacingOccurrences(of: "$CLIENTS", with: Self.clients)
    return try TestProcess.run(
      [Self.systemPython, Self.fixtures + "/hotplug.py", "-", "--"] + launcher
        + [Self.keymenud, "--config", config] + extraArguments,
      input: text, environment: ["KEYMENU_SOCKET": socket].merging(environment) { $1 }, timeout: timeout)
  }
}
