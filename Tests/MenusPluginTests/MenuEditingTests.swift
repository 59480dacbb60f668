import KeyMenuCore
import KeyMenuPluginAPI
import MenusPlugin
import Testing

@Suite struct MenuEditingTests {
  static let items: [MenuItem] = [
    .action("A", selector: "a"), .action("B", selector: "b"), .action("C", selector: "c"),
  ]

  func open(highlighting index: Int = 1) -> MenuMachine {
    var machine = MenuMachine(Menu(title: "Live", items: Self.items))
    for _ in 0..<index { _ = machine.handle(key("DOWN")) }
    return machine
  }

  func highlighted(_ machine: MenuMachine) -> String? {
    machine.levels.last?.highlight.map { machine.visibleItems[$0].item.title }
  }

  @Test func insertingBeforeTheHighlightKeepsItOnTheSameItem() throws {
    var machine = open()
    let effects = try machine.insert(.action("New", selector: "n"), section: 0, at: 0)
    #expect(effects == [.changed(.inserted(section: 0, index: 0)), .highlight(2)])
    #expect(highlighted(machine) == "B")
    #expect(
      try machine.insert(.action("Z", selector: "z"), section: 0, at: 4) == [
        .changed(.inserted(section: 0, index: 4))
      ])
    #expect(machine.visibleItems.map(\.item.title) == ["New", "A", "B", "C", "Z"])
  }

  @Test func removingTheHighlightedItemMovesToTheNearestEnabledOne() throws {
    var machine = open()
    #expect(try machine.removeItem(section: 0, at: 1) == [.changed(.removed(section: 0, index: 1))])
    #expect(highlighted(machine) == "C")
    #expect(
      try machine.removeItem(section: 0, at: 1) == [.changed(.removed(section: 0, index: 1)), .highlight(0)])
    #expect(highlighted(machine) == "A")
    #expect(
      try machine.removeItem(section: 0, at: 0) == [
        .changed(.removed(section: 0, index: 0)), .highlight(nil),
      ])
    #expect(machine.visibleItems.isEmpty)
  }

  @Test func movesCarryTheHighlightOrShiftIt() throws {
    var machine = open(highlighting: 0)
    #expect(
      try machine.moveItem(section: 0, from: 0, to: 2) == [
        .changed(.moved(section: 0, from: 0, to: 2)), .highlight(2),
      ])
    #expect(highlighted(machine) == "A")
    #expect(
      try machine.moveItem(section: 0, from: 0, to: 2) == [
        .changed(.moved(section: 0, from: 0, to: 2)), .highlight(1),
      ])
    #expect(machine.visibleItems.map(\.item.title) == ["C", "A", "B"])
    #expect(highlighted(machine) == "A")
  }

  @Test func disablingTheHighlightedItemMovesTheHighlight() throws {
    var machine = open()
    let effects = try machine.updateItem(.action("B", selector: "b", enabled: false), section: 0, at: 1)
    #expect(effects == [.changed(.updated(section: 0, index: 1)), .highlight(2)])
    #expect(
      try machine.updateItem(.action("C!", selector: "c"), section: 0, at: 2) == [
        .changed(.updated(section: 0, index: 2))
      ])
    #expect(highlighted(machine) == "C!")
  }

  @Test func positionsFollowEdits() throws {
    var machine = MenuMachine(Menu(title: "P", items: [.action("Only", selector: "o")]))
    #expect(machine.visibleItems.map(\.position) == [.single])
    _ = try machine.insert(.action("Next", selector: "n"), section: 0, at: 1)
    #expect(machine.visibleItems.map(\.position) == [.top, .bottom])
    _ = try machine.insert(.action("Mid", selector: "m"), section: 0, at: 1)
    #expect(machine.visibleItems.map(\.position) == [.top, .middle, .bottom])
  }

  @Test func editsRespectTheFilter() throws {
    var machine = MenuMachine(Menu(title: "F", items: Self.items, filterable: true))
    _ = machine.handle(key("S"))
    #expect(machine.visibleItems.isEmpty)
    _ = try machine.insert(.action("Sleep", selector: "s"), section: 0, at: 0)
    #expect(machine.visibleItems.map(\.item.title) == ["Sleep"])
  }

  @Test func badEditsAreRefused() {
    var machine = open()
    #expect(throws: MenuEditError.self) { try machine.removeItem(section: 1, at: 0) }
    #expect(throws: MenuEditError.self) { try machine.removeItem(section: 0, at: 3) }
    #expect(throws: MenuEditError.self) { try machine.insert(.action("X", selector: "x"), section: 0, at: 5) }
    #expect(throws: MenuEditError.self) { try machine.moveItem(section: 0, from: 0, to: -1) }
    _ = machine.close()
    #expect(throws: MenuEditError.self) { try machine.insert(.action("X", selector: "x"), section: 0, at: 0) }
  }
}
