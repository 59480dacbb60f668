import Foundation
import KeyMenuTestSupport
import Testing

/// debconf, a real client nobody here wrote, answered from keymenu's
/// devices: the pretend package in Tests/Fixtures/debconf (one question of
/// every debconf type, then a progress bar) is configured as dpkg does it
/// (`keymenu-test.postinst configure`) under debconf's dialog frontend
/// (`DEBIAN_FRONTEND=dialog`) in a tmux pane, through `scripts/keymenu-run`
/// with a compat directory whose `whiptail` is keymenu-whiptail, and the
/// questions are answered by keys on an emulated keyboard and an emulated
/// IR remote. Afterwards the private debconf database holds the answers
/// and the system's database is untouched.
@Suite(.serialized)
struct DebconfDialogTests {
  static let frontend = "/usr/share/debconf/frontend"
  static let hasTools =
    FileManager.default.isExecutableFile(atPath: frontend)
    && FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")
  static let runs = (DaemonHarness.hasUmockdev && hasTools) || DaemonHarness.requireEmulation
  /// The system's debconf databases, which the test must leave as they were.
  static let systemDatabases = ["config.dat", "passwords.dat", "templates.dat"].map {
    "/var/cache/debconf/" + $0
  }

  init() throws {
    if DaemonHarness.requireEmulation {
      try #require(DaemonHarness.hasUmockdev, "umockdev is required")
      try #require(Self.hasTools, "debconf and tmux are required (make deps installs them)")
    }
  }

  /// Scenario lines that press and release each key on device `device`.
  static func press(_ device: Int, _ keys: String...) -> String {
    keys.map { "key \(device) \($0) 1\nkey \(device) \($0) 0" }.joined(separator: "\n")
  }

  /// A scenario line that waits until keymenud's state shows `text`.
  static func shown(_ text: String, milliseconds: Int = 20_000) -> String {
    "until \(milliseconds) sh -c \"$CTL state --json | grep -qF -- '\(text)'\""
  }

  /// The stanzas of a debconf File database: each question's fields by name.
  static func stanzas(_ path: String) throws -> [String: [String: String]] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var result: [String: [String: String]] = [:]
    for stanza in text.components(separatedBy: "\n\n") {
      var fields: [String: String] = [:]
      for line in stanza.split(separator: "\n") {
        guard let colon = line.firstIndex(of: ":") else { continue }
        let value = line[line.index(after: colon)...].drop { $0 == " " }
        fields[String(line[..<colon])] = String(value)
      }
      if let name = fields["Name"] { result[name] = fields }
    }
    return result
  }

  /// The shell command that runs `script` (with its arguments) through
  /// Tests/Fixtures/debconf/run.sh, keymenu-whiptail as `whiptail`, with
  /// the variables `environment` (`NAME=VALUE` words) set.
  static func run(_ environment: String, _ script: String) -> String {
    "KEYMENU_SOCKET=$DIR/s.sock \(environment) \(DaemonHarness.fixtures)/debconf/run.sh $DIR "
      + "\(DaemonHarness.products)/keymenu-whiptail \(TestProcess.testsDirectory)/../scripts/keymenu-run \(script)"
  }

  /// The tmux command of a test's own tmux server.
  static func tmux(_ directory: String) -> String {
    "env -u LD_PRELOAD LANG=C.UTF-8 TERM=xterm tmux -f /dev/null -S \(directory)/tmux.sock"
  }

  @Test(.enabled(if: runs))
  func everyQuestionTypeIsAnsweredFromTheDevicesAndTheDatabaseHoldsTheAnswers() throws {
    let harness = try DaemonHarness()
    let directory = harness.directory
    let tmux = Self.tmux(directory)
    defer { _ = try? TestProcess.run(["/bin/sh", "-c", "\(tmux) kill-server 2>/dev/null"]) }
    try harness.writeConfig("log_level = \"info\"\n")
    let systemBefore = Self.systemDatabases.map { FileManager.default.contents(atPath: $0) }
    let run = Self.run(
      "KEYMENU_DEBCONF_GATE=$DIR/gate", "\(DaemonHarness.fixtures)/debconf/keymenu-test.postinst configure")
    let gaugeAt66 = #"\"percent\":66"#
    let scenario = TerminalScenario.expand(
      """
      plug 3 keyboard
      plug 5 remote
      until 5000 $CTL status
      until 3000 \(tmux) new-session -d -x 80 -y 24 "\(run)"
      # boolean (--yesno): Tab to No, Enter: false
      \(Self.shown("Kiosk:"))
      \(Self.press(3, "TAB", "ENTER"))
      # select (--menu), on the remote: Down, Down, OK: blue; drawn on debconf's terminal too
      \(Self.shown("Colour:"))
      screen colour-drawn 'Colour:'
      \(Self.press(5, "DOWN", "DOWN", "OK"))
      # multiselect (--checklist, whiptail's keys): Space unchecks alpha, Down Space
      # checks beta, Down Down Space delta, Enter
      \(Self.shown("Features:"))
      \(Self.press(3, "SPACE", "DOWN", "SPACE", "DOWN", "DOWN", "SPACE", "ENTER"))
      # string (--inputbox): the remote's Back goes back (exit 255) to the multiselect,
      # shown again with the answers just given; Enter keeps them
      \(Self.shown("Hostname:"))
      \(Self.press(5, "BACK"))
      \(Self.shown("Features:"))
      \(Self.press(3, "ENTER"))
      # string again: box becomes kiosk7
      \(Self.shown("Hostname:"))
      \(Self.press(3, "BACKSPACE", "BACKSPACE", "BACKSPACE", "K", "I", "O", "S", "K", "KEY_7", "ENTER"))
      # password (--passwordbox): Shift+P, w, 9, Enter
      \(Self.shown("Secret:"))
      key 3 LEFTSHIFT 1
      \(Self.press(3, "P"))
      key 3 LEFTSHIFT 0
      \(Self.press(3, "W", "KEY_9", "ENTER"))
      # note, text and error (--msgbox): OK on the remote, Enter, Enter
      \(Self.shown("Note:"))
      \(Self.press(5, "OK"))
      \(Self.shown("About:"))
      \(Self.press(3, "ENTER"))
      \(Self.shown("Oops:"))
      \(Self.press(3, "ENTER"))
      # progress (--gauge fed by debconf): held at 2 of 3 until the gauge shows it
      \(Self.shown("Installing the kiosk"))
      \(Self.shown(gaugeAt66))
      until 2000 touch $DIR/gate
      until 30000 test -s $DIR/debconf.status
      """, tmux: tmux)
    let result = try harness.run(scenario)
    #expect(result.status == 0, "\(result.stderr)")
    func file(_ name: String) -> String {
      (try? String(contentsOfFile: "\(directory)/\(name)", encoding: .utf8)) ?? ""
    }
    guard result.status == 0 else {
      Issue.record("debconf: status \(file("debconf.status")), stderr \(file("debconf.err"))")
      return
    }
    #expect(file("debconf.status") == "0\n", "debconf's stderr: \(file("debconf.err"))")
    #expect(file("debconf.err") == "", "whiptail's stderr is debconf's: it gives up on any output there")
    #expect(file("colour-drawn.txt").contains("Theme colour:"), "the menu on debconf's terminal")

    // The private database holds the answers (passwords in their own file, as Debian's debconf.conf has it).
    let config = try Self.stanzas("\(directory)/debconf/config.dat")
    #expect(config["keymenu-test/kiosk"]?["Value"] == "false")
    #expect(config["keymenu-test/colour"]?["Value"] == "blue")
    #expect(config["keymenu-test/features"]?["Value"] == "beta, delta")
    #expect(config["keymenu-test/hostname"]?["Value"] == "kiosk7")
    #expect(config["keymenu-test/secret"] == nil, "the password is not in config.dat")
    for question in ["kiosk", "colour", "features", "hostname", "welcome", "about", "oops"] {
      #expect(config["keymenu-test/" + question]?["Flags"] == "seen", "\(question) was shown")
    }
    let passwords = try Self.stanzas("\(directory)/debconf/passwords.dat")
    #expect(passwords["keymenu-test/secret"]?["Value"] == "Pw9")
    // The package's postinst read the same answers with db_get.
    #expect(
      file("answers")
        == "kiosk=false\ncolour=blue\nfeatures=beta, delta\nhostname=kiosk7\nsecret=Pw9\n")

    // The system's databases are as they were.
    let systemAfter = Self.systemDatabases.map { FileManager.default.contents(atPath: $0) }
    #expect(systemAfter == systemBefore, "/var/cache/debconf changed")
    for contents in systemAfter.compactMap({ $0 }) {
      #expect(!String(decoding: contents, as: UTF8.self).contains("keymenu-test/"))
    }
  }

  /// A real Debian package's questions: tzdata's own config script (from
  /// /var/lib/dpkg/info, with its templates), run as `dpkg-reconfigure
  /// tzdata` runs it (`DEBCONF_RECONFIGURE=1`) but without its postinst,
  /// which would set the system's time zone, against the private
  /// database; answered from the remote, Back included.
  @Test(.enabled(if: runs && FileManager.default.fileExists(atPath: "/var/lib/dpkg/info/tzdata.config")))
  func tzdatasQuestionsAreAnsweredFromTheRemote() throws {
    let harness = try DaemonHarness()
    let directory = harness.directory
    let tmux = Self.tmux(directory)
    defer { _ = try? TestProcess.run(["/bin/sh", "-c", "\(tmux) kill-server 2>/dev/null"]) }
    try harness.writeConfig("log_level = \"info\"\n")
    try FileManager.default.createDirectory(atPath: directory + "/tzdata", withIntermediateDirectories: false)
    for file in ["tzdata.config", "tzdata.templates"] {
      try FileManager.default.copyItem(
        atPath: "/var/lib/dpkg/info/" + file, toPath: "\(directory)/tzdata/\(file)")
    }
    let systemBefore = Self.systemDatabases.map { FileManager.default.contents(atPath: $0) }
    let run = Self.run("DEBCONF_RECONFIGURE=1", "$DIR/tzdata/tzdata.config configure")
    // Home on the keyboard first: where the highlight starts does not matter.
    let scenario = TerminalScenario.expand(
      """
      plug 3 keyboard
      plug 5 remote
      until 5000 $CTL status
      until 3000 \(tmux) new-session -d -x 80 -y 24 "\(run)"
      \(Self.shown("geographic area"))
      \(Self.press(3, "HOME"))
      \(Self.press(5, "DOWN", "DOWN", "DOWN", "DOWN", "DOWN", "DOWN", "DOWN", "OK"))
      \(Self.shown("city or region"))
      screen europe-drawn 'Amsterdam'
      \(Self.press(5, "BACK"))
      \(Self.shown("geographic area"))
      \(Self.press(3, "HOME"))
      \(Self.press(5, "DOWN", "DOWN", "DOWN", "DOWN", "DOWN", "DOWN", "DOWN", "OK"))
      \(Self.shown("city or region"))
      \(Self.press(3, "HOME"))
      \(Self.press(5, "DOWN", "DOWN", "DOWN", "DOWN", "DOWN", "DOWN", "OK"))
      until 30000 test -s $DIR/debconf.status
      """, tmux: tmux)
    let result = try harness.run(scenario)
    #expect(result.status == 0, "\(result.stderr)")
    func file(_ name: String) -> String {
      (try? String(contentsOfFile: "\(directory)/\(name)", encoding: .utf8)) ?? ""
    }
    #expect(file("debconf.status") == "0\n", "debconf's stderr: \(file("debconf.err"))")
    #expect(file("debconf.err") == "")
    let config = try Self.stanzas("\(directory)/debconf/config.dat")
    #expect(config["tzdata/Areas"]?["Value"] == "Europe")
    #expect(config["tzdata/Zones/Europe"]?["Value"] == "Berlin")
    let systemAfter = Self.systemDatabases.map { FileManager.default.contents(atPath: $0) }
    #expect(systemAfter == systemBefore, "/var/cache/debconf changed")
  }
}
