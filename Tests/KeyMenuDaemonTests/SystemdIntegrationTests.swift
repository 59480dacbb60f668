import Foundation
import KeyMenuTestSupport
import Testing

/// keymenud with the real programs around it: systemd's socket activation
/// (`systemd-socket-activate`), a `NOTIFY_SOCKET` listener standing in for
/// the service manager, and `socat` as a user's one-line client.
@Suite(.serialized)
struct SystemdIntegrationTests {
  static let socketActivate = "/usr/bin/systemd-socket-activate"
  static let socat = "/usr/bin/socat"

  static func installed(_ program: String) -> Bool {
    FileManager.default.isExecutableFile(atPath: program)
  }

  init() throws { try DaemonHarness.checkEmulation() }

  @Test(
    .enabled(if: (DaemonHarness.hasUmockdev && installed(socketActivate)) || DaemonHarness.requireEmulation))
  func socketActivationServesClientsAndLeavesTheInheritedSocket() throws {
    try #require(Self.installed(Self.socketActivate), "systemd-socket-activate (package systemd) is required")
    let harness = try DaemonHarness()
    // If the daemon ignored LISTEN_FDS it would listen here instead (and the
    // clients, which use s.sock, would get no answer).
    let fallback = harness.directory + "/fallback.sock"
    try harness.writeConfig("log_level = \"info\"\n[socket]\npath = \"\(fallback)\"\n")
    // systemd-socket-activate passes only the variables named with -E: the
    // preload and the testbed, not KEYMENU_SOCKET.
    let launcher = [
      Self.socketActivate, "--listen=" + harness.socket, "-E", "LD_PRELOAD", "-E", "UMOCKDEV_DIR", "--",
    ]
    // The launcher binds the socket first (waited for: under load it may lag
    // behind the scenario's start). The first client's connection is what
    // starts the daemon, and its answer
    // already has the configuration and the plugins (the server accepts only
    // once they are applied: AcceptGate).
    let result = try harness.run(
      """
      plug 3 keyboard
      until 20000 test -S \(harness.socket)
      spawn first $CTL status --json
      reap first 0 '"config":\\["[^"]*keymenu.toml".*"name":"keymenud".*"plugins":\\[\\{.*"uptime_ms":'
      spawn second $CTL call hello --json
      reap second 0 '"name":"keymenud"'
      spawn devices $CTL call devices.list --json
      reap devices 0 '"name":"keymenu Test Keyboard"'
      signal TERM
      exit
      """, launcher: launcher)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("using the socket passed by the service manager"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: fallback), "the daemon created its own socket")
    // The socket belongs to the service manager: the daemon must not remove it.
    var info = stat()
    let exists = lstat(harness.socket, &info) == 0
    #expect(exists, "the inherited socket file was removed")
    if exists { #expect(info.st_mode & S_IFMT == S_IFSOCK) }
  }

  @Test(.enabled(if: DaemonHarness.runs))
  func readinessReloadsAndStopReachTheNotifySocket() throws {
    let harness = try DaemonHarness()
    let menu = { (name: String) in
      "[menus.\(name)]\ntitle = \"\(name)\"\nitems = [ { title = \"One\", invoke = \"x\" } ]\n"
    }
    try harness.writeConfig("log_level = \"info\"\n" + menu("main"))
    let variants = [
      "tools": "log_level = \"info\"\n" + menu("main") + menu("tools"),
      "help": "log_level = \"info\"\n" + menu("help"),
      "broken": "grab = 7\n[menus.main\n",
    ]
    for (name, text) in variants {
      try text.write(toFile: harness.directory + "/\(name).toml", atomically: true, encoding: .utf8)
    }
    let log = harness.directory + "/notify.log"
    // The listener execs keymenud once event3 exists: the keyboard is plugged before the start.
    let listener = [
      DaemonHarness.systemPython, DaemonHarness.fixtures + "/notify_listener.py", "--wait-for",
      "/dev/input/event3",
    ]
    let launcher = listener + [harness.directory + "/notify.sock", log, harness.socket, "--"]
    let readyCount = { (count: Int) in
      "until 10000 sh -c \"test $(grep -c READY=1 $DIR/notify.log) -ge \(count)\""
    }
    let result = try harness.run(
      """
      plug 3 keyboard
      \(readyCount(1))
      spawn tools cp $DIR/tools.toml $DIR/keymenu.toml
      reap tools 0
      signal HUP
      \(readyCount(2))
      spawn help cp $DIR/help.toml $DIR/keymenu.toml
      reap help 0
      spawn reload $CTL reload
      reap reload 0
      \(readyCount(3))
      spawn broken cp $DIR/broken.toml $DIR/keymenu.toml
      reap broken 0
      spawn refused $CTL reload
      reap refused 255
      \(readyCount(4))
      signal TERM
      until 10000 grep -q STOPPING=1 $DIR/notify.log
      exit
      """, launcher: launcher)
    #expect(result.status == 0, "\(result.stderr)")
    let datagrams = try NotifyDatagram.readLog(log)
    try #require(
      datagrams.map(\.state) == [
        "READY", "RELOADING", "READY", "RELOADING", "READY", "RELOADING", "READY", "STOPPING",
      ],
      "\(datagrams)")
    let ready = datagrams.filter { $0.state == "READY" }
    for datagram in ready { #expect(datagram.queryError == nil, "at READY=1: \(datagram.queryError ?? "")") }
    // At the first READY=1 the keyboard plugged before the start is in use.
    #expect(ready[0].deviceNames == ["keymenu Test Keyboard"])
    #expect(ready[0].statusDevices == 1, "daemon.status at READY=1")
    #expect(ready.map(\.menuNames) == [["main"], ["main", "tools"], ["help"], ["help"]])
    #expect(!datagrams.contains { $0.fields["WATCHDOG"] != nil }, "no watchdog unless WATCHDOG_USEC is set")
    #expect(
      ready.map { $0.fields["STATUS"] } == [
        "ready", "configuration reloaded", "configuration reloaded",
        "reload failed; previous configuration kept",
      ])
    for reloading in datagrams.filter({ $0.state == "RELOADING" }) {
      // CLOCK_MONOTONIC, taken before the listener received it.
      let sent = try #require(
        reloading.fields["MONOTONIC_USEC"].flatMap { UInt64($0) }, "\(reloading.fields)")
      #expect(sent > 0 && sent <= reloading.receivedMicroseconds)
      #expect(reloading.receivedMicroseconds - sent < 60_000_000, "not CLOCK_MONOTONIC: \(sent)")
    }
  }

  @Test(.enabled(if: DaemonHarness.runs))
  func theWatchdogIsFedFromTheEngineThreadWhenSystemdAsks() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    let log = harness.directory + "/notify.log"
    let launcher = [
      DaemonHarness.systemPython, DaemonHarness.fixtures + "/notify_listener.py",
      harness.directory + "/notify.sock",
      log, harness.socket, "--",
    ]
    let result = try harness.run(
      """
      plug 3 keyboard
      until 10000 sh -c "test $(grep -c WATCHDOG=1 $DIR/notify.log) -ge 3"
      signal TERM
      exit
      """, launcher: launcher, environment: ["WATCHDOG_USEC": "100000"])
    #expect(result.status == 0, "\(result.stderr)")
    let datagrams = try NotifyDatagram.readLog(log)
    let kicks = datagrams.filter { $0.fields["WATCHDOG"] == "1" }
    #expect(kicks.count >= 3, "\(datagrams.map(\.fields))")
    // Without WATCHDOG_USEC (the readiness test above) no WATCHDOG=1 is sent;
    // here none comes before READY=1's first and none after STOPPING=1.
    let stopping = try #require(datagrams.firstIndex { $0.state == "STOPPING" })
    #expect(!datagrams[(stopping + 1)...].contains { $0.fields["WATCHDOG"] == "1" })
  }

  @Test(.enabled(if: (DaemonHarness.hasUmockdev && installed(socat)) || DaemonHarness.requireEmulation))
  func oneLineThroughSocat() throws {
    try #require(Self.installed(Self.socat), "socat is required")
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    // As in docs/PROTOCOL.md, with and without the last newline; socat waits
    // -t seconds after its input ends (the daemon keeps its side open), so 5
    // rather than 0.5 leaves room for a loaded machine.
    let request = #"{"jsonrpc":"2.0","id":1,"method":"hello"}"#
    let scripts = [
      "echo": "echo '\(request)' | socat -t 5 - UNIX-CONNECT:\(harness.socket)",
      "printf": "printf '%s' '\(request)' | socat -t 5 - UNIX-CONNECT:\(harness.socket)",
    ]
    for (name, line) in scripts {
      try "\(line) > \(harness.directory)/\(name).out\n"
        .write(toFile: harness.directory + "/\(name).sh", atomically: true, encoding: .utf8)
    }
    let result = try harness.run(
      """
      plug 3 keyboard
      until 10000 $CTL status
      spawn echo sh $DIR/echo.sh
      spawn printf sh $DIR/printf.sh
      reap echo 0
      reap printf 0
      """)
    #expect(result.status == 0, "\(result.stderr)")
    for name in ["echo", "printf"] {
      let output = try String(contentsOfFile: harness.directory + "/\(name).out", encoding: .utf8)
      let lines = output.split(separator: "\n")
      try #require(lines.count == 1 && output.hasSuffix("\n"), "\(name): \(output)")
      let answer = try #require(
        try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any], "\(name): \(output)")
      #expect(answer["jsonrpc"] as? String == "2.0", "\(name): \(output)")
      #expect(answer["id"] as? Int == 1, "\(name): \(output)")
      let hello = try #require(answer["result"] as? [String: Any], "\(name): \(output)")
      #expect(hello["name"] as? String == "keymenud", "\(name): \(output)")
      #expect(hello["protocol"] as? Int == 1, "\(name): \(output)")
      #expect((hello["capabilities"] as? [String])?.contains("hello") == true, "\(name): \(output)")
    }
  }
}
