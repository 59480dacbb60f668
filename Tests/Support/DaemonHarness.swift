import Foundation

/// Runs keymenud on emulated devices through the hot-plug driver, with a
/// configuration and socket in a private temporary directory, removed when
/// the harness goes.
public final class DaemonHarness {
  public static let fixtures = TestProcess.fixtures
  public static let clients = fixtures + "/clients"
  public static let products = TestProcess.products
  public static let keymenud = products + "/keymenud"
  public static let keymenuctl = products + "/keymenuctl"
  public static let systemPython = TestProcess.systemPython

  public static let hasUmockdev = TestProcess.hasUmockdev
  /// `make test` sets KEYMENU_REQUIRE_UMOCKDEV=1: then emulated tests must run, not skip.
  public static let requireEmulation = ProcessInfo.processInfo.environment["KEYMENU_REQUIRE_UMOCKDEV"] == "1"
  /// Whether the emulated tests run (`.enabled(if: DaemonHarness.runs)`).
  public static let runs = hasUmockdev || requireEmulation

  /// Fails a suite's setup when emulation is required and missing.
  public static func checkEmulation() throws {
    if requireEmulation, !hasUmockdev { throw EmulationMissing() }
  }

  /// Emulation is required (KEYMENU_REQUIRE_UMOCKDEV=1) and umockdev is missing.
  public struct EmulationMissing: Error, CustomStringConvertible {
    public var description: String { "umockdev is required" }
  }

  public typealias Result = TestProcess.Result

  /// The private directory (mode 0700 from mkdtemp).
  public let directory: String

  public init() throws {
    var template = Array((NSTemporaryDirectory() + "/keymenu-test-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { throw POSIXError(.EIO) }
    directory = String(cString: made)
  }

  deinit { try? FileManager.default.removeItem(atPath: directory) }

  public var socket: String { directory + "/s.sock" }
  public var config: String { directory + "/keymenu.toml" }

  /// Writes the configuration file.
  public func writeConfig(_ text: String) throws {
    try text.write(toFile: config, atomically: true, encoding: .utf8)
  }

  /// Scenario lines that run a client that may take longer than `reap`'s
  /// 10 s on a loaded machine: it writes `$DIR/NAME.out` and
  /// `$DIR/NAME.status`, which ``longClientResult(_:)`` reads after the run.
  public static func longClient(_ name: String, _ command: String, milliseconds: Int = 60_000) -> String {
    """
    spawn \(name) sh -c "\(command) > $DIR/\(name).out 2>&1; echo $? > $DIR/\(name).status"
    until \(milliseconds) test -s $DIR/\(name).status
    """
  }

  /// The exit status and output of a ``longClient(_:_:milliseconds:)``.
  public func longClientResult(_ name: String) throws -> (status: String, output: String) {
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
  public func run(
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

  /// A harness whose directory has `compat/` holding whiptail, dialog and
  /// dmenu links to the built commands, as `make install` makes them.
  public static func compatDirectory() throws -> DaemonHarness {
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
}
