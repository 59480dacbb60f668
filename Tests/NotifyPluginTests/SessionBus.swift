import Foundation
import Testing

/// A private session bus (`dbus-daemon`) in a mkdtemp directory, with the
/// test notification server (`notification-server.py`) on it; both stop and
/// the directory goes when the value goes.
final class SessionBus {
  static let serverScript: String = {
    let file = #filePath
    return String(file[..<file.lastIndex(of: "/")!]) + "/notification-server.py"
  }()

  /// The private directory (mode 0700).
  let directory: String
  /// The bus address, `unix:path=DIR/bus`.
  let address: String
  /// The server's JSON lines.
  let log: String
  private var processes: [Process] = []

  /// Starts the bus, and the notification server unless `withServer` is false.
  init(withServer: Bool = true) throws {
    var template = Array((NSTemporaryDirectory() + "/keymenu-notify-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { throw POSIXError(.EIO) }
    directory = String(cString: made)
    address = "unix:path=\(directory)/bus"
    log = directory + "/server.jsonl"
    let config = directory + "/session.conf"
    try """
    <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
    <busconfig>
      <type>session</type>
      <listen>\(address)</listen>
      <auth>EXTERNAL</auth>
      <policy context="default">
        <allow send_destination="*" eavesdrop="true"/>
        <allow eavesdrop="true"/>
        <allow own="*"/>
      </policy>
    </busconfig>
    """.write(toFile: config, atomically: true, encoding: .utf8)
    let daemon = Process()
    daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
    daemon.arguments = ["--config-file=\(config)", "--print-address", "--nofork"]
    let printed = Pipe()
    daemon.standardOutput = printed
    daemon.standardError = try Self.logFile(directory + "/bus.log")
    try daemon.run()
    processes.append(daemon)
    // The address line means the bus listens (EOF if it failed to start).
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = printed.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      line.append(chunk)
    }
    try #require(String(decoding: line, as: UTF8.self).hasPrefix("unix:path="))
    if withServer { try startServer() }
  }

  /// Starts the notification server and waits until it owns its name.
  func startServer() throws {
    let server = Process()
    server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    server.arguments = [Self.serverScript, log]
    server.environment = ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"]
    server.standardError = try Self.logFile(directory + "/server.err")
    try server.run()
    processes.append(server)
    try #require(eventually { self.records.contains { $0["event"] as? String == "ready" } })
  }

  deinit {
    // SIGKILL: the children inherit the test runner's blocked signals, SIGTERM among them.
    for process in processes.reversed() {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// A file in the directory for a child's stderr.
  private static func logFile(_ path: String) throws -> FileHandle {
    guard FileManager.default.createFile(atPath: path, contents: nil) else { throw POSIXError(.EIO) }
    return try FileHandle(forWritingTo: URL(fileURLWithPath: path))
  }

  /// The process id of the bus daemon.
  var daemonPID: pid_t { processes[0].processIdentifier }

  /// The server's records so far.
  var records: [[String: Any]] {
    guard let text = try? String(contentsOfFile: log, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  /// The records of one method.
  func calls(_ method: String) -> [[String: Any]] { records.filter { $0["method"] as? String == method } }

  /// Calls a method of the server's test interface (`Invoke`, `Close`) and
  /// waits for its reply, so its signals are on their way.
  func play(_ method: String, _ arguments: String...) throws {
    let result = try run(
      [
        "/usr/bin/dbus-send", "--bus=\(address)", "--print-reply", "--dest=org.freedesktop.Notifications",
        "/org/freedesktop/Notifications", "org.keymenu.Test.\(method)",
      ] + arguments)
    try #require(result == 0)
  }

  private func run(_ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
    process.arguments = ["10"] + arguments
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }
}

/// Waits until `condition` holds, checking every 10 ms for at most `limit`;
/// returns whether it did.
func eventually(within limit: Duration = .seconds(20), _ condition: () -> Bool) -> Bool {
  let deadline = ContinuousClock.now + limit
  while ContinuousClock.now < deadline {
    if condition() { return true }
    usleep(10_000)
  }
  return condition()
}
