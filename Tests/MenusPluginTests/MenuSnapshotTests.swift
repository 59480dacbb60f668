import Foundation
import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuProtocol
import MenusPlugin
import Testing

@Suite struct MenuPictureTests {
  @Test func snapshotFollowsHighlightFilterPathAndPositions() throws {
    var menu = MenuMachine(
      Menu(
        title: "Main",
        sections: [
          MenuSection(items: [
            .action("Play", selector: "p"), .action("Pause", selector: "q", enabled: false),
          ]),
          MenuSection(items: [.submenu(MenuMachineTests.power)]),
        ], filterable: true))
    var snapshot = try #require(menu.snapshot(id: "m1")?.menu)
    #expect(snapshot.path == ["Main"])
    #expect(snapshot.items.map(\.title) == ["Play", "Pause", "Power"])
    #expect(snapshot.items.map(\.position) == ["top", "bottom", "single"])
    #expect(snapshot.items.map(\.enabled) == [true, false, true])
    #expect(snapshot.items.map(\.opensSubmenu) == [false, false, true])
    #expect(snapshot.highlight == 0)
    _ = menu.handle(key("END"))
    _ = menu.handle(key("ENTER"))
    _ = menu.handle(key("S"))
    snapshot = try #require(menu.snapshot(id: "m1")?.menu)
    #expect(snapshot.path == ["Main", "Power"])
    #expect(snapshot.title == "Power")
    #expect(snapshot.filter == "")
    #expect(snapshot.highlight == 0)
    _ = menu.handle(key("ESC"))
    #expect(menu.snapshot(id: "m1") == nil)
  }

  @Test func snapshotsRoundTripThroughJSON() throws {
    let menu = MenuMachine(MenuMachineTests.power)
    let stack = ModalSnapshot(stack: [
      try #require(menu.snapshot(id: "m1")),

      ModalPicture.alert(
        id: "a1", title: "Sure?", message: nil, buttons: ["No", "Yes"], focus: 1, cancel: 0,
        defaultButton: 1),
    ])
    let data = try JSONEncoder().encode(stack)
    #expect(try JSONDecoder().decode(ModalSnapshot.self, from: data) == stack)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains("\"title\":\"Sure?\""))
    let front = try #require(stack.front)
    #expect(front.kind == "alert" && front.focusedButton == 1)
  }
}

@Suite struct MenuPictureWindowTests {
  static let long = Menu(
    title: "Long", items: (1...20_000).map { .action("item \($0)", selector: "s\($0)") }, filterable: true)

  @Test func aLongListTravelsAsAWindowAroundTheHighlight() {
    var machine = MenuMachine(Self.long)
    var snapshot = machine.snapshot(id: "m")?.menu
    #expect(snapshot?.items.count == ModalPicture.Menu.windowSize)
    #expect(snapshot?.offset == 0 && snapshot?.total == 20_000 && snapshot?.highlight == 0)
    _ = machine.handle(key("END"))
    snapshot = machine.snapshot(id: "m")?.menu
    #expect(snapshot?.offset == 20_000 - ModalPicture.Menu.windowSize)
    #expect(snapshot?.items.last?.title == "item 20000")
    #expect(snapshot.map { ($0.highlight ?? -1) + $0.offset } == 19_999)
    for _ in 0..<5000 { _ = machine.handle(key("UP")) }
    snapshot = machine.snapshot(id: "m")?.menu
    #expect(snapshot.map { ($0.highlight ?? -1) + $0.offset } == 14_999)
    #expect(snapshot.map { $0.items[$0.highlight ?? 0].title } == "item 15000")
    #expect(snapshot?.offset == 14_999 - ModalPicture.Menu.windowSize / 2)
  }

  @Test func aShortListIsWhole() {
    let machine = MenuMachine(
      Menu(title: "S", items: [.action("a", selector: "a"), .action("b", selector: "b")]))
    let snapshot = machine.snapshot(id: "m")?.menu
    #expect(snapshot?.offset == 0 && snapshot?.total == 2 && snapshot?.items.count == 2)
  }
}
