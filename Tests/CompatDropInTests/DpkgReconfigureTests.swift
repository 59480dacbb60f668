import Foundation
import KeyMenuTestSupport
import Testing

/// Issue 29's last point: `keymenu-run dpkg-reconfigure --frontend=dialog
/// tzdata`, answered from the emulated IR remote, writes the zone the same
/// keys write in whiptail. Both runs are the real thing (dpkg-reconfigure,
/// tzdata's config script and postinst, debconf's dialog frontend and
/// database) in a user and mount namespace of their own
/// (Tests/Fixtures/debconf/private_system.sh), where /etc and
/// /var/cache/debconf are overlays whose upper layers go with the
/// namespace: the system's time zone and debconf database stay as they were,
/// and root in the namespace is an unprivileged uid outside.
@Suite(.serialized)
struct DpkgReconfigureTests {
  static let tools = [
    "/usr/sbin/dpkg-reconfigure", "/usr/bin/whiptail", "/usr/bin/tmux", "/usr/bin/unshare",
    "/usr/bin/setpriv",
    "/var/lib/dpkg/info/tzdata.config", "/var/lib/dpkg/info/tzdata.postinst",
  ]
  static let hasTools = tools.allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
  static let runs = (DaemonHarness.hasUmockdev && hasTools) || DaemonHarness.requireEmulation
  /// The uid that root in the namespace is outside (and keymenud's peer):
  /// nobody's when the tests run as root (private_system.sh drops to it),
  /// else the tests' own.
  static let namespaceUID: uid_t = getuid() == 0 ? 65534 : getuid()
  /// The zone both runs start from, whatever the system's is.
  static let startZone = "Etc/UTC"
  static let templates = "/var/lib/dpkg/info/tzdata.templates"

  init() throws {
    if DaemonHarness.requireEmulation {
      try #require(DaemonHarness.hasUmockdev, "umockdev is required")
      try #require(
        Self.hasTools, "dpkg-reconfigure, tzdata, whiptail, tmux, unshare and setpriv are required")
    }
  }

  /// A key on the remote and the key a person presses for it in whiptail
  /// (the remote's table in docs: OK is Enter, Back is Esc).
  enum Key: String {
    case up = "UP"
    case down = "DOWN"
    case ok = "OK"
    case back = "BACK"

    /// Its tmux send-keys name.
    var tmux: String {
      switch self {
      case .up: "Up"
      case .down: "Down"
      case .ok: "Enter"
      case .back: "Escape"
      }
    }
  }

  /// Each box in turn: a text that shows it is up, then the keys that answer it.
  static let answers: [(shown: String, keys: [Key])] = [
    // The areas, from Etc, the last: Down stays there (whiptail's lists do not wrap), 4 up, OK.
    ("geographic area", [.down, .up, .up, .up, .up, .ok]),
    // The cities: Back (Esc) goes back to the areas.
    ("city or region", [.back]),
    // The areas again, at the area just chosen: OK.
    ("geographic area", [.ok]),
    // The cities: Up (on the first, stays), 6 down, OK.
    ("city or region", [.up, .down, .down, .down, .down, .down, .down, .ok]),
  ]

  /// Where `keys` leave the highlight in a list of `count` items from `start`
  /// (whiptail's: Up on the first item and Down on the last stay).
  static func move(_ keys: [Key], from start: Int, count: Int) -> Int {
    keys.reduce(start) { at, key in
      switch key {
      case .up: max(0, at - 1)
      case .down: min(count - 1, at + 1)
      case .ok, .back: at
      }
    }
  }

  /// The choices of one of tzdata's templates, as debconf shows them in the C locale.
  static func choices(_ template: String) throws -> [String] {
    let text = try String(contentsOfFile: templates, encoding: .utf8)
    for stanza in text.components(separatedBy: "\n\n") where stanza.hasPrefix("Template: \(template)\n") {
      for line in stanza.split(separator: "\n") where line.hasPrefix("Choices: ") {
        return line.dropFirst("Choices: ".count).components(separatedBy: ", ")
      }
    }
    return []
  }

  /// The zone ``answers`` mean: the areas start at the start zone's area
  /// (Back keeps the area chosen), a city list at the city the system's
  /// debconf database holds for that area (copied into the namespace), else
  /// at its first.
  static func zoneTheKeysMean() throws -> String {
    let areas = try choices("tzdata/Areas")
    let start = try #require(areas.firstIndex(of: String(startZone.split(separator: "/")[0])))
    let area = areas[move(answers[0].keys, from: start, count: areas.count)]
    let cities = try choices("tzdata/Zones/\(area)")
    let held = try DebconfDialogTests.stanzas("/var/cache/debconf/config.dat")["tzdata/Zones/\(area)"]?[
      "Value"]
    let first = held.flatMap { cities.firstIndex(of: $0) } ?? 0
    return "\(area)/\(cities[move(answers[3].keys, from: first, count: cities.count)])"
  }

  /// What the system's time zone and debconf database hold now.
  static func systemState() -> [String: Data?] {
    var state: [String: Data?] = [:]
    state["/etc/localtime"] = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime"))
      .map { Data($0.utf8) }
    state["/etc/timezone"] = FileManager.default.contents(atPath: "/etc/timezone")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/var/cache/debconf")) ?? []
    state["/var/cache/debconf/"] = Data(names.sorted().joined(separator: "\n").utf8)
    for name in names {
      state["/var/cache/debconf/" + name] = FileManager.default.contents(atPath: "/var/cache/debconf/" + name)
    }
    return state
  }

  /// keymenu-run, keymenu-whiptail (copied: the build folder may not be
  /// readable by the namespace's uid) and the compat directory with its
  /// whiptail and dialog links, laid out under `prefix` as `make install`
  /// lays them out; keymenu-run finds the compat directory it was installed with.
  static func install(into prefix: String) throws {
    let files = FileManager.default
    let compat = prefix + "/lib/keymenu/compat"
    try files.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
    try files.createDirectory(atPath: compat, withIntermediateDirectories: true)
    try files.copyItem(
      atPath: DaemonHarness.products + "/keymenu-whiptail", toPath: prefix + "/bin/keymenu-whiptail")
    try files.createSymbolicLink(
      atPath: prefix + "/bin/keymenu-dialog", withDestinationPath: "keymenu-whiptail")
    let run = try String(
      contentsOfFile: TestProcess.testsDirectory + "/../scripts/keymenu-run", encoding: .utf8
    )
    .replacingOccurrences(of: "@COMPATDIR@", with: compat)
    try run.write(toFile: prefix + "/bin/keymenu-run", atomically: false, encoding: .utf8)
    chmod(prefix + "/bin/keymenu-run", 0o755)
    for name in ["whiptail", "dialog"] {
      try files.createSymbolicLink(
        atPath: "\(compat)/\(name)", withDestinationPath: "\(prefix)/bin/keymenu-\(name)")
    }
  }

  /// What one run left in its directory (private_system.sh's OUT).
  struct Written {
    var status: String
    var timezone: String
    var localtime: String
    var written: [String]
    var debconf: [String: [String: String]]
    var err: String

    init(_ directory: String) {
      func file(_ name: String) -> String {
        (try? String(contentsOfFile: "\(directory)/\(name)", encoding: .utf8)) ?? ""
      }
      status = file("status")
      timezone = file("timezone").trimmingCharacters(in: .newlines)
      localtime = file("localtime").trimmingCharacters(in: .newlines)
      written = file("written").split(separator: "\n").map(String.init)
      debconf = (try? DebconfDialogTests.stanzas("\(directory)/config.dat")) ?? [:]
      err = file("err")
    }

    /// The zone written, when /etc/timezone and the /etc/localtime link agree.
    var zone: String? {
      localtime == "/usr/share/zoneinfo/" + timezone ? timezone : nil
    }
  }

  @Test(.enabled(if: runs))
  func keymenuRunDpkgReconfigureTzdataFromTheRemoteWritesTheZoneWhiptailWrites() throws {
    let harness = try DaemonHarness()
    let directory = harness.directory
    // The namespace's uid reaches the fixture, keymenu-run and the socket
    // through the harness directory; only its own folders are its to write.
    chmod(directory, 0o711)
    let fixture = directory + "/private_system.sh"
    try FileManager.default.copyItem(
      atPath: DaemonHarness.fixtures + "/debconf/private_system.sh", toPath: fixture)
    try Self.install(into: directory + "/prefix")
    for side in ["whiptail", "keymenu"] {
      try FileManager.default.createDirectory(
        atPath: "\(directory)/\(side)", withIntermediateDirectories: false)
      if getuid() == 0 { chown("\(directory)/\(side)", Self.namespaceUID, Self.namespaceUID) }
    }
    try harness.writeConfig(
      """
      log_level = "debug"
      [socket]
      mode = "0666"
      [[socket.tiers]]
      uid = \(Self.namespaceUID)
      tier = "drive"
      """)
    let tmuxA = DebconfDialogTests.tmux(directory).replacingOccurrences(of: "tmux.sock", with: "a.tmux")
    let tmuxB = DebconfDialogTests.tmux(directory).replacingOccurrences(of: "tmux.sock", with: "b.tmux")
    // Both servers go, with whatever their panes still run (they get the
    // terminal's hang-up), while the harness directory (their sockets) is
    // still there. By pid and SIGKILL: `kill-server` is the server's SIGTERM
    // to itself, which stays pending when the server inherits a mask that
    // blocks it (as it does here, from the test's thread).
    defer {
      withExtendedLifetime(harness) {
        for tmux in [tmuxA, tmuxB] {
          let kill = "pid=$(\(tmux) display-message -p '#{pid}' 2>/dev/null) && kill -KILL $pid"
          _ = try? TestProcess.run(["/bin/sh", "-c", kill])
        }
      }
    }
    let reconfigure = "dpkg-reconfigure --frontend=dialog tzdata"
    let inNamespace = "env -u KEYMENU_COMPAT_DIR KEYMENU_SOCKET=$DIR/s.sock \(fixture)"
    // Side A: whiptail, keys typed on its terminal. Side B: keymenu-run,
    // the same keys on the remote, each box waited for in keymenud's state.
    var scenario = """
      plug 5 remote
      until 5000 $CTL status
      until 3000 \(tmuxA) new-session -d -x 80 -y 24 "\(inNamespace) $DIR/whiptail \(Self.startZone) \(reconfigure)"

      """
    for (shown, keys) in Self.answers {
      scenario += """
        until 20000 sh -c "\(tmuxA) capture-pane -p | grep -qF -- '\(shown)'"
        until 3000 \(tmuxA) send-keys \(keys.map(\.tmux).joined(separator: " "))

        """
    }
    scenario += """
      until 30000 test -s $DIR/whiptail/status
      until 3000 \(tmuxB) new-session -d -x 80 -y 24 "\(inNamespace) $DIR/keymenu \(Self.startZone) $DIR/prefix/bin/keymenu-run \(reconfigure)"

      """
    for (shown, keys) in Self.answers {
      scenario += DebconfDialogTests.shown(shown) + "\n"
      scenario += keys.map { "key 5 \($0.rawValue) 1\nkey 5 \($0.rawValue) 0\n" }.joined()
    }
    scenario += "until 30000 test -s $DIR/keymenu/status\n"

    let systemBefore = Self.systemState()
    let result = try harness.run(scenario)
    #expect(result.status == 0, "\(result.stderr)")
    let whiptail = Written(directory + "/whiptail")
    let keymenu = Written(directory + "/keymenu")
    #expect(
      Self.systemState() == systemBefore, "the system's time zone and debconf database are as they were")

    for (side, run) in [("whiptail", whiptail), ("keymenu-run", keymenu)] {
      #expect(run.status == "0\n", "\(side): dpkg-reconfigure's stderr: \(run.err)")
      // The postinst's report (a confmodule's stdout is debconf's: it writes to stderr), nothing else.
      let report = run.err.split(separator: "\n").filter {
        !$0.hasPrefix("Local time is now: ") && !$0.hasPrefix("Universal Time is now: ")
      }
      #expect(report == ["Current default time zone: '\(run.timezone)'"], "\(side): stderr \(run.err)")
      #expect(run.zone != nil, "\(side): /etc/timezone \(run.timezone), /etc/localtime -> \(run.localtime)")
      // The postinst wrote the zone the config script asked for, from the private database.
      let area = run.debconf["tzdata/Areas"]?["Value"] ?? ""
      #expect(run.zone == "\(area)/\(run.debconf["tzdata/Zones/\(area)"]?["Value"] ?? "")", "\(side)")
      // In the private layers, the time zone and the debconf database, no more
      // (outside them, root-owned files are not the namespace's to write).
      for path in ["/etc/timezone", "/etc/localtime", "/var/cache/debconf/config.dat"] {
        #expect(run.written.contains(path), "\(side) wrote \(path): \(run.written)")
      }
      let outside = run.written.filter {
        !["/etc/timezone", "/etc/localtime"].contains($0) && !$0.hasPrefix("/var/cache/debconf/")
      }
      #expect(outside.isEmpty, "\(side) wrote \(outside)")
    }
    // Both wrote the same zone, a named one, the one the keys mean; and the same files.
    #expect(
      keymenu.zone == whiptail.zone, "keymenu-run wrote \(keymenu.timezone), whiptail \(whiptail.timezone)")
    let meant = try Self.zoneTheKeysMean()
    #expect(
      meant.hasPrefix("Europe/") && meant.count > "Europe/".count, "the keys mean a city in Europe: \(meant)")
    #expect(whiptail.zone == meant)
    #expect(keymenu.written == whiptail.written)
    // keymenud saw the namespace's root as the uid it is outside, with the tier that uid is given here.
    #expect(result.stderr.contains("connected: uid \(Self.namespaceUID), tier drive"))
  }
}
