import KeyMenuCore
import KeyMenuPluginAPI
import MenusPlugin
import Testing

/// dmenu 5.2's matching and keys, row by row as measured against Debian's
/// dmenu (docs/COMPAT-KEYS-MEASURED.md: items apple Apricot banana
/// Blueberry cherry date elder fig grape).
@Suite struct DmenuMachineTests {
  static let fruit = ["apple", "Apricot", "banana", "Blueberry", "cherry", "date", "elder", "fig", "grape"]

  /// Key events for the words of cases.tsv: Enter, S-Enter, C-Enter,
  /// Escape, Tab, BTab, BSpace, DC, Up, Down, Left, Right, Home, End,
  /// NPage, PPage, C-x; any other word is typed, a character a key (as a
  /// layout types it).
  static func events(_ word: String) -> [KeyEvent] {
    let named: [String: UInt16] = [
      "Enter": 28, "Escape": 1, "Tab": 15, "BSpace": 14, "DC": 111, "Up": 103, "Down": 108, "Left": 105,
      "Right": 106, "Home": 102, "End": 107, "NPage": 109, "PPage": 104, "Space": 57,
    ]
    func event(_ code: UInt16, _ modifiers: ModifierSet = [], text: String? = nil, keysym: String? = nil)
      -> KeyEvent
    {
      KeyEvent(
        code: KeyCode(code), name: "KEY_\(code)", action: .down, modifiers: modifiers, device: DeviceID(1),
        time: .zero, text: text ?? "", keysymName: keysym)
    }
    switch word {
    case "S-Enter": return [event(28, .leftShift)]
    case "C-Enter": return [event(28, .leftCtrl)]
    case "BTab": return [event(15, .leftShift)]
    case "Space": return [event(57, text: " ")]
    case _ where named[word] != nil: return [event(named[word]!)]
    case _ where word.hasPrefix("C-"):
      let letter = String(word.dropFirst(2))
      let code = KeyCode.letterCodes[Character(letter)] ?? 30
      return [event(code, .leftCtrl, keysym: letter)]
    default:
      return word.map { character in
        let code = KeyCode.letterCodes[Character(character.lowercased())] ?? 30
        return event(code, character.isUppercase ? .leftShift : [], text: String(character))
      }
    }
  }

  /// A machine over `items` after `keys`, and the effects of the last key.
  static func run(
    _ keys: [String], items: [String] = fruit, lines: Int = 5, ignoreCase: Bool = false, prompt: String = ""
  ) -> (machine: DmenuMachine, effects: [DmenuMachine.Effect]) {
    var machine = DmenuMachine(
      titles: items, style: DmenuStyle(ignoreCase: ignoreCase, lines: lines), prompt: prompt)
    var last: [DmenuMachine.Effect] = []
    for word in keys {
      for event in events(word) { last = machine.handle(event).effects }
    }
    return (machine, last)
  }

  /// What Return answers after `keys` (the measured rows end with Enter).
  static func answer(
    _ keys: String, items: [String] = fruit, lines: Int = 5, ignoreCase: Bool = false
  ) -> String? {
    let words = keys.split(separator: " ").map(String.init)
    let (machine, effects) = run(words + ["Enter"], items: items, lines: lines, ignoreCase: ignoreCase)
    guard case .answered(let answer, keepOpen: false)? = effects.first else { return nil }
    switch answer {
    case .item(let index): return machine.titles[index]
    case .typed(let text): return "typed:" + text
    }
  }

  @Test func matchesComeExactThenPrefixThenSubstringEachInInputOrder() {
    let match = DmenuMatch(Self.fruit, ignoreCase: false)
    #expect(
      match.order("e").map { Self.fruit[$0] } == ["elder", "apple", "Blueberry", "cherry", "date", "grape"])
    #expect(match.order("ap").map { Self.fruit[$0] } == ["apple", "grape"])
    #expect(match.order("A") == [1], "case-sensitive without -i")
    let names = ["Reboot", "reboot now", "Exit GUI", "exit"]
    let words = DmenuMatch(names, ignoreCase: false)
    #expect(words.order("exit") == [3])
    #expect(words.order("Exit G") == [2], "every word must occur, in any order")
    #expect(words.order("G Exit") == [2])
    #expect(words.order("  ") == [0, 1, 2, 3], "spaces only: no words, everything matches")
    #expect(words.order("reboot") == [1])
  }

  @Test func ignoringCaseFoldsAsciiLettersOnly() {
    let match = DmenuMatch(["Reboot", "reboot now", "ÉCRAN", "écran"], ignoreCase: true)
    #expect(match.order("REBOOT") == [0, 1], "the exact match first")
    #expect(match.order("reboot now") == [1])
    #expect(match.order("écran") == [3], "É is not an ASCII capital")
    #expect(
      DmenuMatch(Self.fruit, ignoreCase: true).order("AP").map { Self.fruit[$0] } == [
        "apple", "Apricot", "grape",
      ])
  }

  @Test func anEmptyLineIsAnItemThatNoWordMatches() {
    let match = DmenuMatch(["a", "", "a", "b"], ignoreCase: false)
    #expect(match.order("") == [0, 1, 2, 3])
    #expect(match.order("a") == [0, 2])
    #expect(Self.answer("Down", items: ["a", "", "a", "b"]) == "")
  }

  @Test func verticalListKeys() {
    #expect(Self.answer("") == "apple")
    #expect(Self.answer("Down") == "Apricot")
    #expect(Self.answer("Up") == "apple")
    #expect(Self.answer("End Down") == "grape")
    #expect(Self.answer("End Home") == "apple")
    #expect(Self.answer("NPage") == "date")
    #expect(Self.answer("NPage NPage") == "date", "no page after the one of date")
    #expect(Self.answer("Down NPage") == "date")
    #expect(Self.answer("NPage PPage") == "apple")
    #expect(Self.answer("Right Right Left") == "apple", "Left and Right only move the cursor")
    #expect(Self.answer("C-n C-n C-p") == "Apricot")
    #expect(Self.answer("BTab") == "apple")
    #expect(Self.answer(Array(repeating: "Down", count: 12).joined(separator: " ")) == "grape")
  }

  @Test func typedTextFiltersAndReturnAnswersTheTextWhenNothingMatches() {
    #expect(Self.answer("e") == "elder")
    #expect(Self.answer("er") == "Blueberry")
    #expect(Self.answer("ap Down") == "grape")
    #expect(Self.answer("A") == "Apricot")
    #expect(Self.answer("A", ignoreCase: true) == "apple")
    #expect(Self.answer("ap Down", ignoreCase: true) == "Apricot")
    #expect(Self.answer("zzz") == "typed:zzz")
    #expect(Self.answer("1") == "typed:1")
    #expect(Self.answer("zzz BSpace BSpace BSpace") == "apple")
    #expect(Self.answer("zz BSpace BSpace Down") == "Apricot", "every change matches again from the first")
    #expect(Self.answer("ap Left Left") == "apple")
    #expect(Self.answer("ap Left Right") == "apple")
  }

  @Test func tabCompletesTheSelectionIntoTheText() {
    #expect(Self.answer("ch Tab") == "cherry")
    #expect(Self.answer("Tab Tab") == "apple")
    #expect(Self.answer("zzz Tab") == "typed:zzz")
    #expect(Self.answer("b Tab", ignoreCase: true) == "banana")
    let (machine, _) = Self.run(["l", "Tab", "x"], items: ["Shutdown", "Logout"], ignoreCase: true)
    #expect(machine.text == "Logoutx" && machine.matches.isEmpty)
  }

  @Test func shiftReturnAnswersTheTextAndControlReturnKeepsTheMenuOpen() {
    #expect(Self.run(["ap", "S-Enter"]).effects == [.answered(.typed("ap"), keepOpen: false)])
    #expect(Self.run(["S-Enter"]).effects == [.answered(.typed(""), keepOpen: false)])
    var (machine, effects) = Self.run(["C-Enter"])
    #expect(effects == [.answered(.item(0), keepOpen: true)] && !machine.isFinished)
    for event in Self.events("Down") { _ = machine.handle(event) }
    for event in Self.events("C-Enter") { effects = machine.handle(event).effects }
    #expect(effects == [.answered(.item(1), keepOpen: true)])
    for event in Self.events("Escape") { effects = machine.handle(event).effects }
    #expect(effects == [.cancelled] && machine.isFinished)
    #expect(Self.run(["C-j"]).effects == [.answered(.item(0), keepOpen: false)], "Ctrl+J is Return")
  }

  @Test func oneLineWithoutLinesLeftAndRightMove() {
    #expect(Self.answer("Right Right", lines: 0) == "banana")
    #expect(Self.answer("Left", lines: 0) == "apple")
    #expect(Self.answer("Right Left", lines: 0) == "apple")
    #expect(Self.answer("Down Down Up", lines: 0) == "Apricot")
    #expect(Self.answer("End", lines: 0) == "grape")
    #expect(Self.answer("NPage", lines: 0) == "apple", "all nine fit on the line")
    #expect(Self.answer("ap Right", lines: 0) == "grape", "Right at the end of the text moves")
    #expect(Self.answer("ap Left", lines: 0) == "apple")
    #expect(Self.answer("ap Left Right Right", lines: 0) == "grape")
    #expect(Self.answer("ap Right", lines: 0, ignoreCase: true) == "Apricot")
  }

  /// Pages on the line as measured on a 1280-pixel monitor with dmenu's
  /// default font: 9 items of 8 characters, 4 of 23.
  @Test func onTheLineAPageIsWhatFits() {
    let short = (1...200).map { "item-" + String(String(1000 + $0).dropFirst()) }
    #expect(Self.answer("NPage", items: short, lines: 0) == "item-010")
    let long = (1...200).map { "a-much-longer-item-" + String(String(1000 + $0).dropFirst()) }
    #expect(Self.answer("NPage", items: long, lines: 0) == "a-much-longer-item-005")
    #expect(Self.answer("NPage NPage PPage", items: long, lines: 0) == "a-much-longer-item-005")
  }

  @Test func noItemsAsksForText() {
    #expect(Self.answer("", items: []) == "typed:")
    #expect(Self.answer("Bob", items: []) == "typed:Bob")
    #expect(Self.answer("Down Tab NPage End", items: []) == "typed:")
    #expect(Self.run(["Escape"], items: []).effects == [.cancelled])
  }

  @Test func editingKeys() {
    #expect(Self.run(["abc", "Left", "Left", "x"]).machine.text == "axbc")
    #expect(Self.run(["abc", "Home", "x"]).machine.text == "xabc", "Home on the first match: the cursor")
    #expect(Self.run(["abc", "Left", "Left", "DC"]).machine.text == "ac")
    #expect(Self.run(["abc", "Left", "C-k"]).machine.text == "ab")
    #expect(Self.run(["abc", "Left", "C-u"]).machine.text == "c")
    #expect(Self.run(["ab", "Space", "cd", "C-w"]).machine.text == "ab ")
    #expect(Self.run(["abc", "Left", "Left", "End", "x"]).machine.text == "abcx")
  }

  @Test func keysDmenuDoesNotBindPass() {
    var machine = DmenuMachine(titles: Self.fruit, style: DmenuStyle(lines: 5))
    let f5 = KeyEvent(
      code: KeyCode(63), name: "KEY_F5", action: .down, modifiers: [], device: DeviceID(1), time: .zero,
      text: "")
    #expect(machine.handle(f5).consumed == false)
    let ctrlX = KeyEvent(
      code: KeyCode(45), name: "KEY_X", action: .down, modifiers: .leftCtrl, device: DeviceID(1), time: .zero,
      text: "", keysymName: "x")
    #expect(machine.handle(ctrlX).consumed == false)
  }

  @Test func aMenuUnderDmenuKeysInvokesTheItemOrAnswersTheText() {
    let menu = Menu(
      title: "Power",
      items: [
        .action("Shutdown", selector: "s.0", value: "0"), .action("Reboot", selector: "s.1", value: "1"),
      ], filterable: true, dmenu: DmenuStyle(ignoreCase: true))
    var machine = MenuMachine(menu)
    var effects = Self.events("C-Enter").flatMap { machine.handle($0).effects }
    #expect(effects == [.invoke(selector: "s.0", title: "Shutdown", path: ["Power"], value: "0"), .kept])
    effects = Self.events("reb").flatMap { machine.handle($0).effects }
    #expect(machine.levels[0].visible.map(\.item.title) == ["Reboot"] && machine.levels[0].filter == "reb")
    effects = Self.events("S-Enter").flatMap { machine.handle($0).effects }
    #expect(effects == [.typed("reb"), .closed(.chose)] && !machine.isOpen)
  }
}

extension KeyCode {
  /// The kernel codes of the letter keys, by their US letter.
  fileprivate static let letterCodes: [Character: UInt16] = {
    var table: [Character: UInt16] = [:]
    for (start, row) in [(16, "qwertyuiop"), (30, "asdfghjkl"), (44, "zxcvbnm")] as [(UInt16, String)] {
      for (offset, letter) in row.enumerated() { table[letter] = start + UInt16(offset) }
    }
    return table
  }()
}
