import Foundation
import KeyMenuTestSupport
import Testing

/// `make man` and `make completions` run on the debug binaries, as the Debian
/// build runs them on the release ones: every page renders with no warning
/// under lintian's own check and has a whatis line, the generated pages have
/// their sections, the hand-written ones name every option their program's
/// `--help` lists (and keymenu.toml(5) every key of docs/CONFIGURATION.md),
/// and the completions load in bash, zsh and fish and complete keymenuctl's
/// commands.
struct ManPageTests {
  static let repository = TestProcess.testsDirectory + "/.."
  static let products = TestProcess.products
  static let pages = [
    "keymenud.8", "keymenuctl.1", "keymenu-overlay.1", "keymenu-whiptail.1", "keymenu-dialog.1",
    "keymenu-dmenu.1", "keymenu-run.1", "keymenu.toml.5", "keymenu.1", "keymenu-ask-password.8",
  ]
  static let completed = [
    "keymenud", "keymenuctl", "keymenu-overlay", "keymenu-whiptail", "keymenu-dmenu", "keymenu-run",
    "keymenu",
  ]
  /// man-db, groff, zsh and fish (PACKAGES); `make test` requires them.
  static let hasTools = ["/usr/bin/man", "/usr/bin/lexgrog", "/usr/bin/zsh", "/usr/bin/fish"].allSatisfy {
    FileManager.default.isExecutableFile(atPath: $0)
  }
  static let runs = hasTools || DaemonHarness.requireEmulation

  /// The pages and completions `make man completions` wrote into a private directory.
  final class Generated {
    let harness: DaemonHarness
    var man: String { harness.directory + "/man" }
    var completions: String { harness.directory + "/completions" }

    init() throws {
      harness = try DaemonHarness()
      let run = try TestProcess.run([
        "make", "-s", "-C", ManPageTests.repository, "man", "completions",
        "RELEASEDIR=\(ManPageTests.products)",
        "MANOUT=\(harness.directory)/man", "COMPLETIONSOUT=\(harness.directory)/completions",
      ])
      try #require(run.status == 0, "\(run.stdout)\(run.stderr)")
    }

    /// The page as man shows it, MANWIDTH columns wide, plain text.
    func render(_ page: String, width: Int = 1000) throws -> String {
      let run = try TestProcess.run(
        ["man", "-E", "UTF-8", "-l", man + "/" + page],
        environment: ["LC_ALL": "C.UTF-8", "MANWIDTH": String(width), "MAN_KEEP_FORMATTING": ""])
      try #require(run.status == 0, "\(run.stderr)")
      return run.stdout
    }
  }

  @Test(.enabled(if: runs)) func everyPageRendersWithoutWarningsAndHasAWhatisLine() throws {
    let generated = try Generated()
    let written = try FileManager.default.contentsOfDirectory(atPath: generated.man).sorted()
    #expect(written == Self.pages.sorted())
    for page in Self.pages where page != "keymenu-dialog.1" {
      // lintian's manpage-has-errors-from-man check, word for word.
      let lint = try TestProcess.run(
        ["man", "--warnings", "-E", "UTF-8", "-l", "-Tutf8", "-Z", generated.man + "/" + page],
        environment: ["LC_ALL": "C.UTF-8", "MANROFFSEQ": "", "MANWIDTH": "80"])
      #expect(lint.status == 0 && lint.stderr.isEmpty, "\(page): \(lint.stderr)")
      // lintian's whatis check: lexgrog finds "name - description".
      let name = String(page[..<page.lastIndex(of: ".")!])
      let whatis = try TestProcess.run(["lexgrog", generated.man + "/" + page])
      #expect(whatis.status == 0 && whatis.stdout.contains("\"\(name) - "), "\(page): \(whatis.stdout)")
    }
    let dialog = try String(contentsOfFile: generated.man + "/keymenu-dialog.1", encoding: .utf8)
    #expect(dialog == ".so man1/keymenu-whiptail.1\n")
  }

  @Test(.enabled(if: runs)) func generatedPagesHaveTheirSectionsAndCommands() throws {
    let generated = try Generated()
    let keymenud = try generated.render("keymenud.8")
    for section in [
      "NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "FILES", "ENVIRONMENT", "SIGNALS", "EXIT STATUS",
      "SEE ALSO",
    ] {
      #expect(keymenud.contains("\n\(section)\n"), "keymenud(8) has \(section)")
    }
    #expect(keymenud.hasPrefix("KEYMENUD(8)"))
    #expect(keymenud.contains("/etc/keymenu/conf.d/*.toml"))
    #expect(!keymenud.contains("COMMANDS") && !keymenud.contains("subcommand"), "keymenud has no subcommands")
    let keymenuctl = try generated.render("keymenuctl.1")
    for section in ["COMMANDS", "ENVIRONMENT", "EXIT STATUS", "SEE ALSO"] {
      #expect(keymenuctl.contains("\n\(section)\n"), "keymenuctl(1) has \(section)")
    }
    let help = try TestProcess.run([Self.products + "/keymenuctl", "--help"])
    let list = help.stdout.components(separatedBy: "SUBCOMMANDS:\n")[1].components(separatedBy: "\n\n")[0]
    let commands = list.split(separator: "\n").compactMap {
      line -> String? in
      let words = line.split(separator: " ")
      return line.hasPrefix("  ") && !line.hasPrefix("   ") && !words.isEmpty ? String(words[0]) : nil
    }
    #expect(commands.count > 15 && commands.contains("alert"))
    for command in commands where command != "help" {
      #expect(keymenuctl.contains("\n   keymenuctl \(command)\n"), "keymenuctl(1) describes \(command)")
    }
    #expect(keymenuctl.contains("10+i"), "alert's exit statuses")
    #expect(keymenuctl.contains("marked ▶"), "non-ASCII text is kept")
    let overlay = try generated.render("keymenu-overlay.1")
    #expect(overlay.contains("\nEXIT STATUS\n") && overlay.contains("layer shell"))
  }

  @Test(.enabled(if: runs)) func handWrittenPagesNameEveryOptionOfTheirHelp() throws {
    let generated = try Generated()
    // keymenu-dialog is the same program under dialog's name.
    let dialog = generated.harness.directory + "/keymenu-dialog"
    try FileManager.default.createSymbolicLink(
      atPath: dialog, withDestinationPath: Self.products + "/keymenu-whiptail")
    let whiptailPage = try generated.render("keymenu-whiptail.1")
    for program in [Self.products + "/keymenu-whiptail", dialog] {
      let help = try TestProcess.run([program, "--help"])
      try #require(help.status == 0)
      let options = Set(Self.matches(of: #"(?<![\w-])--[a-z][a-z-]*"#, in: help.stdout))
      #expect(options.count >= 30, "\(options)")
      for option in options.sorted() {
        #expect(whiptailPage.contains(option), "keymenu-whiptail(1) names \(program)'s \(option)")
      }
    }
    let dmenuHelp = try TestProcess.run([Self.products + "/keymenu-dmenu", "--help"])
    let dmenuOptions = Set(Self.matches(of: #"(?<![\w-])--?[a-z]+"#, in: dmenuHelp.stdout))
    #expect(dmenuOptions.isSuperset(of: ["-p", "-l", "-fn", "-nb", "--help"]), "\(dmenuOptions)")
    let dmenuPage = try generated.render("keymenu-dmenu.1")
    for option in dmenuOptions.sorted() {
      #expect(dmenuPage.contains(option), "keymenu-dmenu(1) names \(option)")
    }
    let runHelp = try TestProcess.run([Self.repository + "/scripts/keymenu-run", "--help"])
    let runPage = try generated.render("keymenu-run.1")
    #expect(runHelp.stdout.contains("KEYMENU_COMPAT_DIR"))
    for word in ["KEYMENU_COMPAT_DIR", "--help", "--version", "127"] {
      #expect(runPage.contains(word), "keymenu-run(1) names \(word)")
    }
  }

  @Test(.enabled(if: runs)) func configurationPageNamesEveryKeyAndItsExampleLoads() throws {
    let generated = try Generated()
    let page = try generated.render("keymenu.toml.5")
    let reference = try String(contentsOfFile: Self.repository + "/docs/CONFIGURATION.md", encoding: .utf8)
    // Every key in the first column of the reference's tables (and every section).
    let keys = Set(
      Self.matches(of: #"(?m)^\| `([a-z_]+)`"#, in: reference, group: 1)
        + Self.matches(of: #"(?m)^## `\[+([a-z.]+)"#, in: reference, group: 1))
    #expect(keys.count > 50 && keys.contains("timeout_ms") && keys.contains("devices"), "\(keys.sorted())")
    let words = Set(Self.matches(of: #"[a-z_][a-z_.]*"#, in: page))
    #expect(keys.subtracting(words).isEmpty, "keymenu.toml(5) misses \(keys.subtracting(words).sorted())")
    // The page's EXAMPLE is a configuration keymenud loads.
    let example = page.components(separatedBy: "\nEXAMPLE\n")[1].components(separatedBy: "\nFILES\n")[0]
    let file = generated.harness.directory + "/example.toml"
    try example.split(separator: "\n", omittingEmptySubsequences: false).map { $0.drop { $0 == " " } }
      .joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
    let check = try TestProcess.run([Self.products + "/keymenud", "--check", file])
    #expect(check.status == 0 && check.stdout.contains("ok"), "\(check.stdout)\(check.stderr)")
    #expect(example.contains("[menus.power]"))
  }

  @Test(.enabled(if: runs)) func completionsLoadInEveryShellAndComplete() throws {
    let generated = try Generated()
    let bash = generated.completions + "/bash/"
    for program in Self.completed {
      let load = try TestProcess.run([
        "bash", "-c", ". \"$1\" && complete -p \"$2\"", "bash", bash + program, program,
      ])
      #expect(load.status == 0 && load.stdout.contains(" \(program)\n"), "bash \(program): \(load.stderr)")
      // bash-completion sources them: lintian warns about a #! line (bash-completion-with-hashbang).
      let text = try String(contentsOfFile: bash + program, encoding: .utf8)
      #expect(!text.hasPrefix("#!"), "bash \(program) starts with #!")
    }
    let dialog = try TestProcess.run([
      "bash", "-c", ". \"$1\" && complete -p keymenu-dialog", "bash", bash + "keymenu-whiptail",
    ])
    #expect(dialog.status == 0, "\(dialog.stderr)")
    let complete = try TestProcess.run([
      "bash", "-c",
      """
      . "$1"
      COMP_WORDS=(keymenuctl al); COMP_CWORD=1; COMP_LINE='keymenuctl al'; COMP_POINT=${#COMP_LINE}
      _keymenuctl keymenuctl al keymenuctl; printf '%s\\n' "${COMPREPLY[@]}"
      COMPREPLY=(); COMP_WORDS=(keymenuctl alert --b); COMP_CWORD=2; COMP_LINE='keymenuctl alert --b'
      COMP_POINT=${#COMP_LINE}; _keymenuctl keymenuctl --b alert; printf '%s\\n' "${COMPREPLY[@]}"
      """, "bash", bash + "keymenuctl",
    ])
    #expect(complete.stdout == "alert\n--button\n", "\(complete.stdout)\(complete.stderr)")
    for program in Self.completed {
      let zsh = try TestProcess.run(["zsh", "-n", generated.completions + "/zsh/_" + program])
      #expect(zsh.status == 0 && zsh.stderr.isEmpty, "zsh _\(program): \(zsh.stderr)")
      let first = try String(contentsOfFile: generated.completions + "/zsh/_" + program, encoding: .utf8)
      #expect(first.hasPrefix("#compdef \(program)"), "zsh _\(program) names its command")
    }
    let fishFiles = Self.completed + ["keymenu-dialog"]
    for program in fishFiles {
      let fish = try TestProcess.run(["fish", "-n", generated.completions + "/fish/\(program).fish"])
      #expect(fish.status == 0 && fish.stderr.isEmpty, "fish \(program): \(fish.stderr)")
    }
    // fish loads them from where it looks for vendor completions, by the
    // name of a command on PATH.
    let directory = generated.harness.directory
    try FileManager.default.createDirectory(
      atPath: directory + "/share/fish", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: directory + "/share/fish/vendor_completions.d",
      withDestinationPath: generated.completions + "/fish")
    try FileManager.default.createDirectory(atPath: directory + "/bin", withIntermediateDirectories: true)
    for (name, target) in [
      ("keymenuctl", "keymenuctl"), ("keymenu-whiptail", "keymenu-whiptail"),
      ("keymenu-dialog", "keymenu-whiptail"),
    ] {
      try FileManager.default.createSymbolicLink(
        atPath: "\(directory)/bin/\(name)", withDestinationPath: "\(Self.products)/\(target)")
    }
    let fish = try TestProcess.run(
      ["fish", "-c", "complete -C 'keymenuctl al'; complete -C 'keymenu-dialog --yes-l'"],
      environment: [
        "PATH": directory + "/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
        "XDG_DATA_DIRS": generated.harness.directory + "/share",
        "XDG_CONFIG_HOME": generated.harness.directory + "/config",
        "XDG_DATA_HOME": generated.harness.directory + "/data",
      ])
    #expect(fish.stdout.hasPrefix("alert\t"), "\(fish.stdout)\(fish.stderr)")
    #expect(fish.stdout.contains("--yes-label\t"), "keymenu-dialog.fish: \(fish.stdout)\(fish.stderr)")
  }

  /// Every match of a regular expression (or of one of its groups).
  static func matches(of pattern: String, in text: String, group: Int = 0) -> [String] {
    let expression = try! NSRegularExpression(pattern: pattern)
    return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
      Range($0.range(at: group), in: text).map { String(text[$0]) }
    }
  }
}
