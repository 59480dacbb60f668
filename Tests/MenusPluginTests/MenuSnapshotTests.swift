import Foundation
import KeyMenuCore
import KeyMenuPluginAPI
import MenusPlugin
import Testing

@Suite struct MenuSnapshotTests {
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
    var snapshot = try #require(menu.snapshot(id: "m1"))
    #expect(snapshot.path == ["Main"])
    #expect(snapshot.items.map(\.title) == ["Play", "Pause", "Power"])
    #expect(snapshot.items.map(\.position) == ["top", "bottom", "single"])
    #expect(snapshot.items.map(\.enabled) == [true, false, true])
    #expect(snapshot.items.map(\.opensSubmenu) == [false, false, true])
    #expect(snapshot.highlight == 0)
    _ = menu.handle(key("END"))
    _ = menu.handle(key("ENTER"))
    _ = menu.handle(key("S"))
    snapshot = try #require(menu.snapshot(id: "m1"))
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
      .menu(try #require(menu.snapshot(id: "m1"))),
      .alert(
        AlertSnapshot(
          id: "a1", title: "Sure?", message: nil, buttons: ["No", "Yes"], focus: 1, cancel: 0,
          defaultButton: 1)),
    ])
    let data = try JSONEncoder().encode(stack)
    #expect(try JSONDecoder().decode(ModalSnapshot.self, from: data) == stack)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains("\"title\":\"Sure?\""))
    guard case .alert(let front) = stack.front else {
      Issue.record("the alert should be in front")
      return
    }
    #expect(front.focus == 1)
  }
}
