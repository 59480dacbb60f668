import KeyMenuCore
import KeyMenuProtocol
import ListsPlugin
import Testing

/// Lists under dialog's keys, key by key, on the lists docs/COMPAT-KEYS.md
/// measured dialog 1.3 with (9 fruits, 5 rows shown); `ScriptCasesTests`
/// compares the same keys with Debian's dialog end to end.
@Suite struct ListDialogKeysTests {
  static let fruits = [
    "apple", "apricot", "banana", "blueberry", "cherry", "date", "elderberry", "fig", "grape",
  ]
  typealias Keys = PicklistWhiptailKeysTests

  static func list(_ mode: ChoiceListMachine.Mode = .pick, _ shown: [String] = fruits, rows: Int = 5)
    -> ChoiceListMachine
  {
    ChoiceListMachine(
      mode: mode, marks: shown.map { _ in false }, keys: .dialog, pageSize: rows, shown: shown)
  }

  /// The highlight after pressing `keys` (code and text) on a fresh menu.
  static func highlight(after keys: [(UInt16, String?)], rows: Int = 5) -> String {
    var machine = list(rows: rows)
    for (code, text) in keys { _ = Keys.press(code, &machine, text: text) }
    return fruits[machine.highlight]
  }

  static let (pageUp, pageDown) = (Keys.pageUp, Keys.pageDown)

  @Test func okIsSelectedBesideTheListAndArrowsNeverWrap() {
    var machine = Self.list()
    #expect(machine.focus == .button(0) && machine.highlight == 0)
    #expect(Self.highlight(after: [(Keys.down, nil)]) == "apricot")
    #expect(Self.highlight(after: [(Keys.up, nil)]) == "apple")
    #expect(Self.highlight(after: [(Keys.end, nil), (Keys.down, nil)]) == "grape")
    #expect(Self.highlight(after: [(Keys.end, nil), (Keys.home, nil)]) == "apple")
    #expect(Self.highlight(after: [(13, "+"), (13, "+"), (12, "-")]) == "apricot")
    #expect(Keys.press(Keys.backspace, &machine).isEmpty)
  }

  @Test func pageDownMovesTheRowsShownAndPageUpGoesToThePagesTopFirst() {
    #expect(Self.highlight(after: [(Self.pageDown, nil)]) == "date")
    #expect(Self.highlight(after: [(Self.pageDown, nil), (Self.pageDown, nil)]) == "grape")
    #expect(Self.highlight(after: [(Keys.down, nil), (Keys.down, nil), (Self.pageDown, nil)]) == "fig")
    #expect(Self.highlight(after: [(Keys.down, nil), (Keys.down, nil), (Self.pageUp, nil)]) == "apple")
    #expect(Self.highlight(after: [(Keys.end, nil), (Self.pageUp, nil)]) == "cherry")
    #expect(
      Self.highlight(after: [
        (Self.pageDown, nil), (Self.pageDown, nil), (Self.pageUp, nil), (Self.pageUp, nil),
      ])
        == "apple")
  }

  @Test func aCharacterGoesToTheNextItemStartingWithItAndWraps() {
    #expect(Self.highlight(after: [(30, "a")]) == "apricot")
    #expect(Self.highlight(after: [(30, "a"), (30, "a")]) == "apple", "wraps to the top")
    #expect(Self.highlight(after: [(30, "a"), (30, "a"), (30, "a")]) == "apricot")
    #expect(Self.highlight(after: [(48, "b"), (48, "b")]) == "blueberry")
    #expect(Self.highlight(after: [(30, "A")]) == "apricot", "either case")
    #expect(Self.highlight(after: [(34, "g")]) == "grape")
    #expect(Self.highlight(after: [(24, "o")]) == "apple", "no item starts with o")
  }

  @Test func aDigitStartingNoItemIsThatLineOfThePage() {
    #expect(Self.highlight(after: [(2, "1")]) == "apple")
    #expect(Self.highlight(after: [(4, "3")]) == "banana")
    #expect(Self.highlight(after: [(Keys.end, nil), (2, "1")]) == "cherry", "the page's top")
    #expect(Self.highlight(after: [(Keys.end, nil), (6, "5")]) == "grape")
    #expect(Self.highlight(after: [(10, "9")], rows: 3) == "apple", "no ninth line")
    // Tags that are digits: the digit is the tag's.
    var machine = Self.list(.pick, ["1", "2", "3", "4", "5", "6", "7"], rows: 3)
    _ = Keys.press(7, &machine, text: "6")
    #expect(machine.highlight == 5)
  }

  @Test func tabRightAndLeftGoRoundTheButtonsWhileTheListKeepsMoving() {
    var machine = Self.list()
    _ = Keys.press(Keys.tab, &machine)
    #expect(machine.focus == .button(1))
    _ = Keys.press(Keys.down, &machine)
    #expect(machine.highlight == 1 && machine.focus == .button(1), "the list moves, Cancel stays")
    #expect(Keys.press(Keys.enter, &machine) == [.ended(.cancelled(.cancel))])
    machine = Self.list()
    _ = Keys.press(Keys.left, &machine)
    #expect(machine.focus == .button(1), "Left on OK wraps to Cancel")
    _ = Keys.press(Keys.right, &machine)
    #expect(machine.focus == .button(0))
    _ = Keys.press(Keys.tab, &machine, shift: true)
    #expect(machine.focus == .button(1))
    _ = Keys.press(Keys.tab, &machine)
    _ = Keys.press(30, &machine, text: "a")
    #expect(machine.highlight == 1, "no hotkeys on a list's buttons: letters go to the items")
    #expect(Keys.press(Keys.enter, &machine) == [.ended(.confirmed([1]))])
  }

  @Test func spacePressesTheButtonInAMenuAndMarksInACheckOrRadioList() {
    var menu = Self.list()
    _ = Keys.press(Keys.tab, &menu)
    #expect(Keys.press(Keys.space, &menu) == [.ended(.cancelled(.cancel))])
    var check = Self.list(.check)
    _ = Keys.press(Keys.tab, &check)
    _ = Keys.press(Keys.space, &check)
    #expect(check.marked == [0] && !check.isFinished, "Cancel stays selected; the item is marked")
    _ = Keys.press(Keys.tab, &check)
    _ = Keys.press(Keys.down, &check)
    _ = Keys.press(Keys.space, &check)
    #expect(Keys.press(Keys.enter, &check) == [.ended(.confirmed([0, 1]))])
    var radio = Self.list(.radio)
    _ = Keys.press(Keys.space, &radio)
    _ = Keys.press(Keys.space, &radio)
    #expect(radio.marked == [0], "Space again keeps it")
    _ = Keys.press(48, &radio, text: "b")
    #expect(radio.marked == [0] && radio.highlight == 2, "a letter moves without marking")
    var escaped = Self.list(.check)
    #expect(Keys.press(Keys.escape, &escaped) == [.ended(.cancelled(.escape))])
  }

  /// A remote, which has no Space or Enter, on whiptail's and dialog's
  /// checklists: OK ticks, Select, Play and Play/Pause answer.
  @Test func aRemoteTicksWithOKAndAnswersWithSelectOrPlay() {
    for keys in [KeyProfile.whiptail, .dialog] {
      for answer: UInt16 in [0x161, 207, 164] {
        var machine = ChoiceListMachine(
          mode: .check, marks: [false, false, false], keys: keys, pageSize: 3, shown: ["a", "b", "c"])
        _ = Keys.press(108, &machine)
        _ = Keys.press(0x160, &machine)
        #expect(machine.marked == [1] && !machine.isFinished, "\(keys): OK ticks")
        #expect(Keys.press(answer, &machine) == [.ended(.confirmed([1]))], "\(keys): \(answer) answers")
      }
    }
  }
}
