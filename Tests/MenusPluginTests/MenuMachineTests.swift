import KeyMenuCore
import KeyMenuPluginAPI
import MenusPlugin
import Testing

func key(_ name: String, _ action: KeyAction = .down, _ modifiers: ModifierSet = []) -> KeyEvent {
  let codes: [String: UInt16] = [
    "ESC": 1, "U": 22, "1": 2, "2": 3, "3": 4, "9": 10, "BACKSPACE": 14, "E": 18, "R": 19, "O": 24, "P": 25,
    "ENTER": 28, "S": 31, "D": 32, "HOME": 102, "UP": 103, "PAGEUP": 104, "LEFT": 105, "RIGHT": 106,
    "END": 107, "DOWN": 108, "PAGEDOWN": 109, "BACK": 158, "EXIT": 174, "OK": 0x160, "F5": 63, "SPACE": 57,
    "L": 38,
    "I": 23, "V": 47, "C": 46, "B": 48, "A": 30, "F": 33, "KP2": 80, "NUMERIC_2": 0x202, "0": 11,
  ]
  return KeyEvent(
    code: KeyCode(codes[name]!), name: "KEY_" + name, action: action, modifiers: modifiers,
    device: DeviceID(1), time: .zero)
}

@Suite struct MenuMachineTests {
  static let power = Menu(
    title: "Power",
    items: [
      .action("Suspend", selector: "menu.suspend.1"),
      .action("Reboot", selector: "menu.reboot.2"),
      .action("Shut down", selector: "menu.shut-down.3"),
    ])

  static let main = Menu(
    title: "Main",
    sections: [
      MenuSection(items: [
        .action("Play", selector: "menu.play.1"),
        .action("Pause", selector: "menu.pause.2", enabled: false),
        .action("Stop", selector: "menu.stop.3"),
      ]),
      MenuSection(items: [.submenu(power)]),
    ])

  func press(_ machine: inout MenuMachine, _ names: String...) -> [MenuMachine.Effect] {
    names.flatMap { machine.handle(key($0)).effects }
  }

  @Test func arrowsWrapAndSkipDisabledItems() {
    var menu = MenuMachine(Self.main)
    #expect(menu.levels[0].highlight == 0)
    #expect(press(&menu, "DOWN") == [.highlight(2)])
    #expect(press(&menu, "DOWN") == [.highlight(3)])
    #expect(press(&menu, "DOWN") == [.highlight(0)])
    #expect(press(&menu, "UP") == [.highlight(3)])
  }

  @Test func homeEndAndPages() {
    let long = Menu(title: "Long", items: (1...12).map { .action("Item \($0)", selector: "s\($0)") })
    var menu = MenuMachine(long)
    #expect(press(&menu, "END") == [.highlight(11)])
    #expect(press(&menu, "HOME") == [.highlight(0)])
    #expect(press(&menu, "PAGEDOWN") == [.highlight(5)])
    #expect(press(&menu, "PAGEDOWN", "PAGEDOWN") == [.highlight(10), .highlight(11)])
    #expect(press(&menu, "PAGEUP") == [.highlight(6)])
    #expect(menu.handle(key("PAGEUP", .repeat)).effects == [.highlight(1)])
  }

  @Test func enterInvokesTheSelectorWithItsPathAndCloses() {
    var menu = MenuMachine(Self.main)
    #expect(
      press(&menu, "ENTER") == [
        .invoke(selector: "menu.play.1", title: "Play", path: ["Main"]), .closed(.chose),
      ])
    #expect(!menu.isOpen)
    #expect(menu.handle(key("DOWN")).consumed == false)
  }

  @Test func keepOpenItemsLeaveTheMenuOpen() {
    var menu = MenuMachine(Menu(title: "Volume", items: [.action("Louder", selector: "v+", keepOpen: true)]))
    #expect(press(&menu, "OK") == [.invoke(selector: "v+", title: "Louder", path: ["Volume"])])
    #expect(menu.isOpen)
  }

  @Test func submenusNestAndBackspaceGoesUpThenCloses() {
    var menu = MenuMachine(Self.main)
    #expect(press(&menu, "END", "RIGHT") == [.highlight(3), .openedSubmenu("Power")])
    #expect(menu.levels.count == 2)
    #expect(
      press(&menu, "DOWN", "ENTER") == [
        .highlight(1), .invoke(selector: "menu.reboot.2", title: "Reboot", path: ["Main", "Power"]),
        .closed(.chose),
      ])
    var again = MenuMachine(Self.main)
    _ = press(&again, "END", "ENTER")
    #expect(press(&again, "BACKSPACE") == [.wentBack])
    #expect(again.levels.count == 1 && again.levels[0].highlight == 3)
    #expect(press(&again, "LEFT") == [.closed(.cancelled(.escape))])
  }

  @Test func escClosesTheWholeMenuFromASubmenu() {
    var menu = MenuMachine(Self.main)
    _ = press(&menu, "END", "ENTER")
    #expect(press(&menu, "ESC") == [.closed(.cancelled(.escape))])
    #expect(menu.levels.isEmpty)
  }

  @Test func aRemotesExitClosesTheWholeMenuAsEscDoes() {
    var menu = MenuMachine(Self.main)
    _ = press(&menu, "END", "ENTER")
    #expect(press(&menu, "EXIT") == [.closed(.cancelled(.escape))])
    #expect(menu.levels.isEmpty)
  }

  @Test func digitsActivateItemNAndDisabledItemsDoNothing() {
    var menu = MenuMachine(Self.main)
    #expect(press(&menu, "2") == [])
    #expect(menu.isOpen)
    #expect(press(&menu, "9") == [])
    #expect(
      press(&menu, "3") == [
        .highlight(2), .invoke(selector: "menu.stop.3", title: "Stop", path: ["Main"]), .closed(.chose),
      ])
  }

  @Test func acceleratorsAreCheckedBeforeBuiltInKeys() {
    let menu = Menu(
      title: "Acc",
      items: [
        .action("First", selector: "first"),
        .action("Refresh", selector: "refresh", accelerator: KeyChord(KeyCode(63))),
        .action("Down here", selector: "down", accelerator: KeyChord(KeyCode.down, [.ctrl])),
        .action("One", selector: "one", accelerator: KeyChord(KeyCode(2))),
      ])
    var machine = MenuMachine(menu)
    #expect(press(&machine, "1").contains(.invoke(selector: "one", title: "One", path: ["Acc"])))
    machine = MenuMachine(menu)
    #expect(
      machine.handle(key("DOWN", .down, .rightCtrl)).effects.contains(
        .invoke(selector: "down", title: "Down here", path: ["Acc"])))
    machine = MenuMachine(menu)
    #expect(press(&machine, "DOWN") == [.highlight(1)])
    #expect(press(&machine, "F5").contains(.invoke(selector: "refresh", title: "Refresh", path: ["Acc"])))
  }

  @Test func typeToFilterNarrowsAndBackspaceEditsTheFilterFirst() {
    var menu = MenuMachine(Menu(title: "Power", sections: Self.power.sections, filterable: true))
    #expect(press(&menu, "S", "U") == [.filter("s"), .highlight(0), .filter("su"), .highlight(0)])
    #expect(menu.visibleItems.map(\.item.title) == ["Suspend"])
    #expect(press(&menu, "BACKSPACE") == [.filter("s"), .highlight(0)])
    #expect(menu.visibleItems.map(\.item.title) == ["Suspend", "Shut down"])
    _ = press(&menu, "BACKSPACE")
    #expect(press(&menu, "BACKSPACE") == [.closed(.cancelled(.escape))])
    var plain = MenuMachine(Self.power)
    #expect(plain.handle(key("R")).consumed == false)
  }

  static let rooms = Menu(
    title: "Rooms",
    items: [
      .action("Living room", selector: "living"), .action("Liver", selector: "liver"),
      .action("Übersicht", selector: "overview"), .action("Café 2", selector: "cafe"),
      .action("Bedroom", selector: "bed", accelerator: KeyChord(KeyCode(48))),
      .action("Clear", selector: "clear", accelerator: KeyChord(KeyCode(46), [.ctrl])),
    ], filterable: true)

  func titles(_ machine: MenuMachine) -> [String] { machine.visibleItems.map(\.item.title) }

  @Test func spaceIsTypedIntoTheFilterAfterTheFirstCharacter() {
    var menu = MenuMachine(Self.rooms)
    #expect(press(&menu, "SPACE") == [], "a leading space types nothing")
    _ = press(&menu, "L", "I", "V", "SPACE", "R")
    #expect(menu.levels.last?.filter == "liv r")
    #expect(titles(menu) == ["Living room", "Liver"], "each word must occur, in any order")
    _ = press(&menu, "O")
    #expect(titles(menu) == ["Living room"])
  }

  @Test func accentsAndCaseAreFolded() {
    var menu = MenuMachine(Self.rooms)
    _ = press(&menu, "U")
    #expect(titles(menu).contains("Übersicht"))
    _ = press(&menu, "ESC")
    _ = press(&menu, "C", "A", "F", "E")
    #expect(titles(menu) == ["Café 2"])
  }

  @Test func topRowDigitsAreTypedWhileKeypadAndRemoteDigitsChoose() {
    var menu = MenuMachine(Self.rooms)
    #expect(press(&menu, "2") == [.filter("2"), .highlight(0)])
    #expect(titles(menu) == ["Café 2"])
    var other = MenuMachine(Self.rooms)
    #expect(press(&other, "KP2").contains(.invoke(selector: "liver", title: "Liver", path: ["Rooms"])))
    var remote = MenuMachine(Self.rooms)
    #expect(press(&remote, "NUMERIC_2").contains(.invoke(selector: "liver", title: "Liver", path: ["Rooms"])))
  }

  @Test func aBareLetterAcceleratorTypesWhileAModifiedOneFires() {
    var menu = MenuMachine(Self.rooms)
    #expect(press(&menu, "B") == [.filter("b"), .highlight(0)])
    #expect(titles(menu) == ["Übersicht", "Bedroom"])
    var other = MenuMachine(Self.rooms)
    let clear = other.handle(key("C", .down, [.leftCtrl])).effects
    #expect(clear.contains(.invoke(selector: "clear", title: "Clear", path: ["Rooms"])))
  }

  @Test func escClearsATypedFilterBeforeItCloses() {
    var menu = MenuMachine(Self.rooms)
    _ = press(&menu, "L", "I")
    #expect(press(&menu, "ESC") == [.filter(""), .highlight(0)])
    #expect(titles(menu).count == 6)
    #expect(press(&menu, "ESC") == [.closed(.cancelled(.escape))])
  }

  @Test func sectionPositionsFollowTheVisibleItems() {
    let grouped = Menu(
      title: "G",
      sections: [
        MenuSection(items: [.action("Alpha", selector: "a")]),
        MenuSection(items: [.action("Bravo", selector: "b"), .action("Charlie", selector: "c")]),
        MenuSection(items: [
          .action("Delta", selector: "d"), .action("Echo", selector: "e"), .action("Foxtrot", selector: "f"),
        ]),
      ], filterable: true)
    var menu = MenuMachine(grouped)
    #expect(menu.visibleItems.map(\.position) == [.single, .top, .bottom, .top, .middle, .bottom])
    _ = press(&menu, "O")
    #expect(menu.visibleItems.map(\.item.title) == ["Bravo", "Echo", "Foxtrot"])
    #expect(menu.visibleItems.map(\.position) == [.single, .top, .bottom])
  }

  @Test func theUpOfAConsumedKeyIsConsumedAndOthersPass() {
    var menu = MenuMachine(Self.main)
    #expect(menu.handle(key("ENTER")).consumed)
    #expect(menu.handle(key("ENTER", .up)).consumed)
    #expect(menu.handle(key("F5", .up)).consumed == false)
    var open = MenuMachine(Self.main)
    #expect(open.handle(key("P")).consumed == false)
    #expect(open.close() == [.closed(.cancelled(.closed))])
    #expect(open.close() == [])
  }
}

/// Type-to-filter under a keyboard layout: the key event's text is what types.
@Suite struct MenuLayoutFilterTests {
  static let russian = Menu(
    title: "Питание",
    items: [
      .action("Перезагрузка", selector: "menu.reboot.1"),
      .action("Выключение", selector: "menu.off.2"),
    ], filterable: true)

  /// A press of the key at `name` whose layout types `text` (keysym `keysym`).
  func typed(_ name: String, _ text: String, _ keysym: String) -> KeyEvent {
    var event = key(name)
    event.text = text
    event.keysymName = keysym
    return event
  }

  @Test func cyrillicFiltersWhateverTheCase() {
    var machine = MenuMachine(Self.russian)
    #expect(machine.handle(typed("D", "в", "Cyrillic_ve")).effects.first == .filter("в"))
    #expect(machine.visibleItems.map(\.item.title) == ["Выключение"])
    var capital = MenuMachine(Self.russian)
    _ = capital.handle(typed("F", "П", "Cyrillic_PE"))
    #expect(capital.visibleItems.map(\.item.title) == ["Перезагрузка"])
  }

  @Test func keypadDigitsStillChooseAndKeysThatTypeNothingAreKeys() {
    var machine = MenuMachine(Self.russian)
    // Keypad 2 with NumLock on types "2" under the layout: it still chooses item 2.
    let effects = machine.handle(typed("KP2", "2", "KP_2")).effects
    #expect(effects.contains(.invoke(selector: "menu.off.2", title: "Выключение", path: ["Питание"])))
    var other = MenuMachine(Self.russian)
    _ = other.handle(typed("DOWN", "", "Down"))
    #expect(other.levels.last?.highlight == 1)
    #expect(other.levels.last?.filter == "")
  }
}
