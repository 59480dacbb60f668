import KeyMenuCore
import KeyMenuPluginAPI
import MenusPlugin
import Testing

/// What the dialog family needs of a menu, in the machine: an item's value
/// apart from its title, the item highlighted first, and the timeout input
/// (the machine keeps no time; its owner calls `timeOut()`).
@Suite struct MenuValueTests {
  /// whiptail's `--menu TAG ITEM`: tags as values, one item disabled, a
  /// second section.
  static let network = Menu(
    title: "Network",
    sections: [
      MenuSection(items: [
        .action("Wired", selector: "s.wired", value: "eth0"),
        .action("Wi-Fi", selector: "s.wifi", value: "wlan0"),
        .action("Modem", selector: "s.modem", enabled: false, value: "ppp0"),
      ]),
      MenuSection(items: [.action("Off", selector: "s.off")]),
    ])

  func press(_ machine: inout MenuMachine, _ names: String...) -> [MenuMachine.Effect] {
    names.flatMap { machine.handle(key($0)).effects }
  }

  func menu(highlight: Int?) -> Menu {
    var menu = Self.network
    menu.highlight = highlight
    return menu
  }

  @Test func choosingAnItemCarriesItsValueAndAnItemWithoutOneNone() {
    var machine = MenuMachine(Self.network)
    #expect(
      press(&machine, "DOWN", "ENTER") == [
        .highlight(1), .invoke(selector: "s.wifi", title: "Wi-Fi", path: ["Network"], value: "wlan0"),
        .closed(.chose),
      ])
    var other = MenuMachine(Self.network)
    #expect(
      press(&other, "END", "ENTER").contains(.invoke(selector: "s.off", title: "Off", path: ["Network"])))
  }

  @Test func theHighlightCountsItemsOverSectionsAndSkipsNothingElse() {
    #expect(MenuMachine(menu(highlight: 1)).levels[0].highlight == 1)
    // The fourth item is the first of the second section.
    #expect(MenuMachine(menu(highlight: 3)).levels[0].highlight == 3)
    var machine = MenuMachine(menu(highlight: 3))
    #expect(press(&machine, "ENTER").contains(.invoke(selector: "s.off", title: "Off", path: ["Network"])))
  }

  /// As whiptail ignores a `--default-item` that names no item.
  @Test(arguments: [2, 4, 99, -1])
  func aDisabledOrMissingHighlightFallsBackToTheFirstEnabledItem(highlight: Int) {
    #expect(MenuMachine(menu(highlight: highlight)).levels[0].highlight == 0)
    var firstDisabled = menu(highlight: highlight)
    firstDisabled.sections[0].items[0].enabled = false
    #expect(MenuMachine(firstDisabled).levels[0].highlight == 1)
  }

  @Test func aSubmenuOpensAtItsOwnHighlight() {
    var submenu = Menu(
      title: "Power", items: [.action("Suspend", selector: "a"), .action("Reboot", selector: "b")])
    submenu.highlight = 1
    var machine = MenuMachine(
      Menu(title: "Main", items: [.action("Play", selector: "p"), .submenu(submenu)]))
    #expect(press(&machine, "2") == [.highlight(1), .openedSubmenu("Power")])
    #expect(machine.levels[1].highlight == 1)
  }

  @Test func anItemIsFoundByItsValueBeforeATitle() {
    var menu = Self.network
    menu.sections[1].items[0] = .action("eth0", selector: "s.named", value: "none")
    #expect(menu.itemNumber(matching: "eth0") == 0)
    #expect(menu.itemNumber(matching: "Wi-Fi") == 1)
    #expect(menu.itemNumber(matching: "none") == 3)
    #expect(menu.itemNumber(matching: "Wired ") == nil)
  }

  @Test func aTimeoutClosesTheMenuOnceAndNothingAfterIt() {
    var machine = MenuMachine(Self.network)
    #expect(machine.timeOut() == [.closed(.cancelled(.timeout))])
    #expect(!machine.isOpen)
    #expect(machine.timeOut() == [])
    #expect(machine.close() == [])
  }

  @Test func everyWayOfClosingNamesItsReason() {
    var escaped = MenuMachine(Self.network)
    #expect(press(&escaped, "ESC") == [.closed(.cancelled(.escape))])
    var backed = MenuMachine(Self.network)
    #expect(press(&backed, "BACK") == [.closed(.cancelled(.escape))])
    var closed = MenuMachine(Self.network)
    #expect(closed.close() == [.closed(.cancelled(.closed))])
    var dismissed = MenuMachine(Self.network)
    #expect(dismissed.close(.dismissed) == [.closed(.cancelled(.dismissed))])
  }
}
