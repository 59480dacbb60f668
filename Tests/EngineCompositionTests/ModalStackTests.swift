import AlertsPlugin
import KeyMenuCore
import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuRouting
import MenusPlugin
import Synchronization
import Testing

/// The engine's modal stack follows the plugins' notifications and posts the
/// whole picture (`modal.changed`) after every change.
@Suite @EngineActor struct ModalStackTests {
  let engine = Engine()

  func services() throws -> (menus: any MenuPresenting, alerts: any AlertPresenting) {
    try engine.startBuiltIns()
  }

  func fronts(_ snapshots: [ModalSnapshot]) -> [String] {
    snapshots.map { snapshot in
      guard let front = snapshot.front else { return "empty" }
      if let menu = front.menu {
        return "menu \(front.title) highlight \(menu.highlight.map(String.init) ?? "-")"
      }
      if let field = front.field { return "\(front.kind) \(front.title) field \(field.shown)" }
      return "\(front.kind) \(front.title) focus \(front.focusedButton.map(String.init) ?? "-")"
    }
  }

  @Test func theStreamShowsTheWholeStackAfterEveryChange() throws {
    let (menus, alerts) = try services()
    let stream = Log<ModalSnapshot>()
    _ = engine.center.observe(.modalChanged) { stream.append($0.payload(as: ModalSnapshot.self)!) }
    menus.open(
      Menu(title: "Main", items: [.action("A", selector: "a"), .action("B", selector: "b")]), owner: "t"
    ) { _ in }
    _ = engine.handle(keyEvent(.down, "KEY_DOWN"))
    alerts.present(Alert(title: "Sure?", buttons: ["No", "Yes"], cancel: 0), owner: "t") { _ in }
    #expect(engine.modalStack.snapshot.stack.count == 2)
    _ = engine.handle(keyEvent(.left, "KEY_LEFT"))
    _ = engine.handle(keyEvent(.enter, "KEY_ENTER"))
    _ = engine.handle(keyEvent(.escape, "KEY_ESC"))
    #expect(
      fronts(stream.all) == [
        "menu Main highlight 0", "menu Main highlight 1", "alert Sure? focus 1", "alert Sure? focus 0",
        "menu Main highlight 1", "empty",
      ])
    #expect(stream.all[2].stack.count == 2)
    #expect(engine.modalStack.snapshot.stack.isEmpty)
  }

  /// A queued alert that comes up after a menu was opened over the first one
  /// is in front for keys and in the snapshot alike.
  @Test func aQueuedAlertComesOverAMenuOpenedMeanwhile() throws {
    let (menus, alerts) = try services()
    alerts.present(Alert(title: "First", timeout: .seconds(1)), owner: "t") { _ in }
    alerts.present(Alert(title: "Second", buttons: ["No", "Yes"]), owner: "t") { _ in }
    let chosen = Log<MenuResult>()
    menus.open(Menu(title: "Over", items: [.action("X", selector: "x")]), owner: "t") { chosen.append($0) }
    engine.advance(by: .seconds(1))
    let front = try #require(engine.modalStack.snapshot.front, "the second alert should be in front")
    #expect(front.kind == "alert" && front.title == "Second")
    #expect(engine.handle(keyEvent(.escape, "KEY_ESC")) == .consumedByModal)
    #expect(chosen.all.isEmpty, "Esc must not reach the menu under the alert")
  }

  /// Any kind tells the stack what it shows through its host: shown
  /// pushes, updated replaces in place (also under another entry), closed
  /// removes; a plugin changes only its own entries, and what it left on
  /// the stack goes when it stops.
  @Test func kindsTellTheStackThroughTheirHost() throws {
    let (_, alerts) = try services()
    let stream = Log<ModalSnapshot>()
    _ = engine.center.observe(.modalChanged) { stream.append($0.payload(as: ModalSnapshot.self)!) }
    var probe: (any PluginHost)?
    engine.start(InlinePlugin(name: "probe") { probe = $0 })
    let host = try #require(probe)
    var other: (any PluginHost)?
    engine.start(InlinePlugin(name: "other") { other = $0 })
    func prompt(_ text: String) -> ModalPicture {
      ModalPicture(
        id: "prompt-1", kind: "prompt", title: "Name",
        field: ModalPicture.Field(shown: text, masked: false, cursor: text.count))
    }
    host.showModal(prompt(""))
    host.updateModal(prompt("a"))
    alerts.present(Alert(title: "Sure?", buttons: ["No", "Yes"], cancel: 0), owner: "t") { _ in }
    host.updateModal(prompt("ab"))
    // Another plugin's host changes nothing of this one's.
    other?.updateModal(prompt("not mine"))
    other?.closeModal("prompt-1")
    _ = engine.handle(keyEvent(.escape, "KEY_ESC"))
    host.updateModal(ModalPicture(id: "other", kind: "x", title: ""))
    host.closeModal("prompt-1")
    #expect(
      fronts(stream.all) == [
        "prompt Name field ", "prompt Name field a", "alert Sure? focus 1", "alert Sure? focus 1",
        "prompt Name field ab", "empty",
      ])
    #expect(stream.all.count > 3 && stream.all[3].stack.first == prompt("ab"))
    host.showModal(prompt("left"))
    #expect(engine.modalStack.depth == 1)
    engine.stop("probe")
    #expect(engine.modalStack.depth == 0, "what a stopped plugin left on the stack goes")
  }
}
