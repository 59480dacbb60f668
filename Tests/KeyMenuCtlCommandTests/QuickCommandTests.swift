import ArgumentParser
import Testing

@testable import KeyMenuCtlCommand

/// keymenuctl's hand-read command lines (``QuickCommand``) against
/// ArgumentParser's reading of the same: on thousands of random command
/// lines of `alert`, `prompt`, `menu`, `checklist` and `radiolist`, built from their options, values
/// that look like options, numbers that do not convert, repeated options,
/// `--name=value` forms, `--`, `-h` and stray words, every line read by
/// hand is one ArgumentParser reads (and validates) into the same command;
/// every other line is left to ArgumentParser.
@Suite struct QuickCommandTests {
  /// What a command holds, as text, for comparing two readings.
  static func fields(_ command: any ParsableCommand) -> String? {
    switch command {
    case let alert as AlertCommand:
      return
        "\(alert.client.target.socket as Any) \(alert.client.json) \(alert.title) \(alert.message as Any) "
        + "\(alert.buttons) \(alert.cancel as Any) \(alert.defaultButton as Any) \(alert.timeout as Any) "
        + "\(alert.answerKeys) \(alert.wakeTV as Any)"
    case let prompt as PromptCommand:
      return "\(prompt.client.target.socket as Any) \(prompt.client.json) \(prompt.title) "
        + "\(prompt.message as Any) \(prompt.text as Any) \(prompt.masked) \(prompt.maxLength as Any) "
        + "\(prompt.keyboard as Any) \(prompt.okButton as Any) \(prompt.cancelButton as Any) \(prompt.noCancel)"
    case let menu as MenuCommand:
      return "\(menu.client.target.socket as Any) \(menu.client.json) \(menu.title) \(menu.name as Any) "
        + "\(menu.filter) \(menu.values) \(menu.defaultItem as Any) \(menu.wakeTV as Any) "
        + "\(menu.timeout as Any) \(menu.answerKeys)"
    case let checklist as ChecklistCommand:
      return "checklist " + fields(checklist.list)
    case let radiolist as RadiolistCommand:
      return "radiolist " + fields(radiolist.list)
    default:
      return nil
    }
  }

  static func fields(_ list: ChoiceListOptions) -> String {
    "\(list.client.target.socket as Any) \(list.client.json) \(list.title) \(list.items) \(list.message as Any) "
      + "\(list.on) \(list.highlight as Any) \(list.noTags) \(list.okButton as Any) \(list.cancelButton as Any) "
      + "\(list.noCancel)"
  }

  /// The pieces random command lines are made of, per command.
  static let pieces: [String: [[String]]] = {
    let values = [
      ["x"], [""], ["-x"], ["--json"], ["0"], ["1"], ["-1"], ["+2"], ["2.5"], ["1e2"], ["nan"], ["abc"],
      ["red=20"], ["auto"], ["never"], ["sometimes"],
    ]
    let common: [[String]] = [
      ["--json"], ["--socket"], ["--socket=/tmp/s"], ["--"], ["-h"], ["--help"], ["--bogus"], ["word"],
      ["Title"], ["-"], [""],
    ]
    func options(_ names: [String]) -> [[String]] {
      names.flatMap { name in values.map { ["--" + name] + $0 } }
    }
    let flags: (String...) -> [[String]] = { names in names.map { ["--" + $0] } }
    let lists =
      options(["socket", "message", "on", "highlight", "ok-button", "cancel-button"])
      + flags("no-tags", "no-cancel") + [
        ["ssh"], ["cups"], ["ntp\tTime"], ["--on", "ssh"], ["--on", "cups"],
      ]
    return [
      "alert": common + options(["socket", "message", "button", "cancel", "default", "timeout", "key"])
        + flags("wake-tv", "no-wake-tv") + [["--button=OK"], ["--timeout=1"]],
      "prompt": common
        + options(["socket", "message", "text", "max-length", "keyboard", "ok-button", "cancel-button"])
        + flags("masked", "no-cancel") + [["--masked=true"]],
      "menu": common + options(["socket", "title", "name", "default", "timeout", "key"])
        + flags("filter", "values", "wake-tv", "no-wake-tv"),
      "checklist": common + lists, "radiolist": common + lists,
    ]
  }()

  @Test(arguments: ["alert", "prompt", "menu", "checklist", "radiolist"])
  func aLineReadByHandIsTheCommandArgumentParserMakes(_ name: String) throws {
    var seed: UInt64 = 0x51C0_0001 ^ UInt64(name.utf8.count)
    func next(_ bound: Int) -> Int {
      // A fixed sequence (splitmix64), so that a failure repeats.
      seed &+= 0x9E37_79B9_7F4A_7C15
      var z = seed
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound))
    }
    let pieces = try #require(Self.pieces[name])
    var quick = 0
    var fellBack = 0
    for round in 0..<800 {
      var line = [name]
      // Most lines are a title and a few options; some have no title.
      if name != "menu", next(10) > 0 { line.append(["Reboot now?", "x", "Ask", "über"][next(4)]) }
      for _ in 0..<next(5) {
        let piece = pieces[next(pieces.count)]
        line.insert(contentsOf: piece, at: 1 + next(line.count))
      }
      guard case .command(let command)? = QuickCommand(line) else {
        fellBack += 1
        continue
      }
      quick += 1
      let parsed = Result { try KeyMenuCtl.parseAsRoot(line) }
      guard case .success(let reference) = parsed else {
        Issue.record("round \(round): \(line) read by hand, refused by ArgumentParser: \(parsed)")
        continue
      }
      #expect(Self.fields(command) == Self.fields(reference), "round \(round): \(line)")
      #expect(Self.fields(command) != nil)
    }
    // Both kinds of line were tried, many of each.
    #expect(quick > 100 && fellBack > 100, "\(quick) read by hand, \(fellBack) left to ArgumentParser")
  }

  @Test func statusHelpAndMistakesAreLeftToArgumentParser() {
    for line in [
      ["alert", "--help"], ["alert"], ["alert", "Hi", "--cancel", "x"], ["alert", "Hi", "--message=a"],
      ["alert", ""], ["alert", "Hi", "--wake-tv", "--no-wake-tv"],
      ["prompt", "Hi", "--keyboard", "sometimes"],
      ["menu", "--values", "--name", "power"], ["menu", "--timeout", "0"], ["alert", "Hi", "--", "x"],
    ] {
      #expect(QuickCommand(line) == nil, "\(line)")
    }
    guard case .command(let alert)? = QuickCommand(["alert", "--button", "No", "Hi", "--button", "Yes"])
    else {
      Issue.record("a plain alert is read by hand")
      return
    }
    #expect((alert as? AlertCommand)?.buttons == ["No", "Yes"])
  }
}
