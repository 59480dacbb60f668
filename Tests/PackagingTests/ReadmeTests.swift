import Foundation
import KeyMenuTestSupport
import Testing

/// The README's quoted commands still print what it shows: its
/// configuration checked, and keymenud running it on an emulated keyboard
/// while the keys the README names are pressed. (Selector names end in a
/// random part; those eight hex digits are compared as a pattern.)
@Suite(.serialized)
struct ReadmeTests {
  init() throws { try DaemonHarness.checkEmulation() }

  static let readme = Readme.text

  /// The lines the README shows after `    $ COMMAND`, up to the next command
  /// or text that is not indented; the indentation removed.
  static func shown(after command: String) -> [String] {
    let lines = readme.components(separatedBy: "\n")
    guard let start = lines.firstIndex(where: { $0.hasPrefix("    $ " + command) }) else {
      return ["(not in README)"]
    }
    var block: [String] = []
    for line in lines[(start + 1)...] {
      if line.hasPrefix("    $ ") || (!line.isEmpty && !line.hasPrefix("    ")) { break }
      block.append(String(line.dropFirst(min(4, line.count))))
    }
    while block.last?.isEmpty == true { block.removeLast() }
    return block
  }

  /// The README's configuration (its first TOML block).
  static var configuration: String { Readme.configuration }

  static func lines(_ text: String) -> [String] {
    var lines = text.replacingOccurrences(of: "\r", with: "").components(separatedBy: "\n")
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines
  }

  /// `text` with each selector's random part as `xxxxxxxx`.
  static func masked(_ lines: [String]) -> [String] {
    lines.map {
      $0.replacingOccurrences(of: #"\.[0-9a-f]{8}\b"#, with: ".xxxxxxxx", options: .regularExpression)
    }
  }

  @Test func checkingTheConfigurationPrintsWhatTheReadmeShows() throws {
    let harness = try DaemonHarness()
    try Self.configuration.write(
      toFile: harness.directory + "/keymenu.toml", atomically: true, encoding: .utf8)
    let typo = Self.configuration.replacingOccurrences(of: "menu = \"main\"", with: "menus = \"main\"")
    let firstOnly =
      typo.range(of: "menus = \"main\"").map { typo.replacingCharacters(in: $0, with: "MARK") } ?? typo
    try firstOnly.replacingOccurrences(of: "menus = \"main\"", with: "menu = \"main\"")
      .replacingOccurrences(of: "MARK", with: "menus = \"main\"")
      .write(toFile: harness.directory + "/typo.toml", atomically: true, encoding: .utf8)
    for command in ["keymenud --check keymenu.toml", "keymenud --check typo.toml"] {
      let run = try TestProcess.run(
        [
          "/bin/sh", "-c",
          "cd \(harness.directory) && \(DaemonHarness.products)/\(command) 2>&1; s=$?; echo '$ echo $?'; echo $s",
        ])
      let shown = Self.shown(after: command)
      let echo = Self.shown(after: "echo $?")
      let printed = Self.lines(run.stdout)
      #expect(Array(printed.dropLast(2)) == shown, "\(command)")
      if command.contains("typo") { #expect(Array(printed.suffix(2)) == ["$ echo $?", echo.first ?? ""]) }
    }
  }

  @Test(.enabled(if: DaemonHarness.runs))
  func theScriptingExamplesPrintWhatTheReadmeShows() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig(Self.configuration)
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      spawn ui sh -c "$CTL ui --plain > $DIR/ui.txt"
      until 3000 grep -q 'Nothing in front' $DIR/ui.txt
      key 3 LEFTCTRL 1
      key 3 LEFTALT 1
      key 3 M 1
      key 3 M 0
      key 3 LEFTALT 0
      key 3 LEFTCTRL 0
      until 3000 grep -q 'Restart the player' $DIR/ui.txt
      key 3 DOWN 1
      key 3 DOWN 0
      key 3 RIGHT 1
      key 3 RIGHT 0
      until 3000 grep -q 'Brighter' $DIR/ui.txt
      key 3 ESC 1
      key 3 ESC 0
      until 3000 sh -c "tail -2 $DIR/ui.txt | grep -q 'Nothing in front'"
      spawn alert sh -c "$CTL alert 'Reboot now?' --message 'Updates are installed.' --button Later --button Reboot --cancel 0 > $DIR/alert.txt; echo $? >> $DIR/alert.txt"
      until 3000 grep -q 'Reboot now' $DIR/ui.txt
      key 3 ENTER 1
      key 3 ENTER 0
      until 3000 grep -q '^0$' $DIR/alert.txt
      spawn menu sh -c "printf 'Kitchen\\\\nLiving room\\\\nGarden\\\\n' | $CTL menu --title Lights > $DIR/menu.txt; echo $? >> $DIR/menu.txt"
      until 3000 grep -q 'Lights' $DIR/ui.txt
      key 3 DOWN 1
      key 3 DOWN 0
      key 3 DOWN 1
      key 3 DOWN 0
      key 3 ENTER 1
      key 3 ENTER 0
      until 3000 grep -q '^0$' $DIR/menu.txt
      spawn selectors sh -c "script -qec '$CTL selectors' /dev/null > $DIR/selectors.txt"
      reap selectors 0
      spawn plugins sh -c "script -qec '$CTL plugins' /dev/null > $DIR/plugins.txt"
      reap plugins 0
      spawn socat sh -c "printf '%s\\\\n' '{\\"jsonrpc\\":\\"2.0\\",\\"id\\":1,\\"method\\":\\"menu.list\\"}' | socat - UNIX-CONNECT:$DIR/s.sock > $DIR/socat.txt"
      reap socat 0
      """)
    #expect(result.status == 0, "\(result.stderr)")
    func file(_ name: String) throws -> [String] {
      Self.lines(try String(contentsOfFile: harness.directory + "/" + name, encoding: .utf8))
    }
    #expect(try file("alert.txt") == Self.shown(after: "keymenuctl alert \"Reboot now?\"") + ["0"])
    #expect(try file("menu.txt") == Self.shown(after: "printf 'Kitchen") + ["0"])
    #expect(Self.masked(try file("selectors.txt")) == Self.masked(Self.shown(after: "keymenuctl selectors")))
    // Every line the README shows, in its order: a kind added later (in
    // its folder, the catalog and Package.swift) need not be copied there.
    let plugins = try file("plugins.txt")
    let readmePlugins = Self.shown(after: "keymenuctl plugins")
    var rest = plugins[...]
    for line in readmePlugins {
      guard let found = rest.firstIndex(of: line) else {
        Issue.record(
          "README's \"\(line)\" is not in keymenuctl plugins' output, in order:\n\(plugins.joined(separator: "\n"))"
        )
        break
      }
      rest = rest[(found + 1)...]
    }
    #expect(readmePlugins.count > 10 && readmePlugins.first == plugins.first)
    #expect(
      try file("socat.txt")
        == Self.shown(after: "printf '%s\\n' '{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"menu.list\"}'"))
    // Each picture the README shows is one keymenuctl ui drew.
    let ui = try String(contentsOfFile: harness.directory + "/ui.txt", encoding: .utf8)
    let pictures = Self.shown(after: "keymenuctl ui --plain").joined(separator: "\n").components(
      separatedBy: "\n\n")
    for picture in pictures where picture != "…" {
      let boxes = picture.components(separatedBy: "\n…\n")
      for box in boxes { #expect(ui.contains(box), "\(box)\n--- not in ---\n\(ui)") }
    }
  }
}
