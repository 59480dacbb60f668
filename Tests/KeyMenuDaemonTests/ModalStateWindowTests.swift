import KeyMenuPluginAPI
import KeyMenuProtocol
import Testing

@testable import KeyMenuDaemon

/// The state window knows when what it shows changed: a change to a modal
/// behind it (a covered gauge moving) is no change, so the event hub makes
/// no state line and compares nothing (issue 28: each covered
/// `gauge.update` under a stack of text boxes still cost its whole window).
@Suite struct ModalStateWindowTests {
  static let text = String(repeating: "x", count: 60_000)

  static func stack(percent: Int, front: String = "front") -> ModalSnapshot {
    ModalSnapshot(stack: [
      ModalPicture(id: "gauge-1", kind: "gauge", title: "Copying", percent: percent),
      ModalPicture(id: "textbox-2", kind: "textbox", title: "Further behind", text: text),
      ModalPicture(id: "textbox-3", kind: "textbox", title: "Behind", text: text),
      ModalPicture(id: "textbox-4", kind: "textbox", title: front, text: text),
    ])
  }

  @Test func aChangeBehindTheWindowIsNoChange() {
    var window = ModalStateWindow()
    #expect(window.window(of: Self.stack(percent: 10)).changed == true)
    let covered = window.window(of: Self.stack(percent: 20))
    let ids = covered.entries.map(\.entry.id)
    #expect(ids == ["textbox-3", "textbox-4"], "the front and the 60 KB that fit behind it")
    #expect(covered.changed == false, "the gauge is not in the window")
    #expect(covered.total == 4)
  }

  @Test func aChangeInTheWindowIsOne() {
    var window = ModalStateWindow()
    _ = window.window(of: Self.stack(percent: 10))
    #expect(window.window(of: Self.stack(percent: 10, front: "retitled")).changed == true)
    #expect(window.window(of: Self.stack(percent: 10, front: "retitled")).changed == false)
  }
}
