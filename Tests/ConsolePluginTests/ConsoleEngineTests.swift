import AlertsPlugin
import ConsolePlugin
import KeyMenuCore
import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuRouting
import MenusPlugin
import Synchronization
import Testing

/// The console presenter composed with the real engine, alerts and menus:
/// keys go through routing and the console follows what is in front.
@Suite(.enabled(if: PseudoTerminal.hasEmulator, "needs python3-pyte (make deps)"))
@EngineActor struct ConsoleEngineTests {
  let engine = Engine()

  func press(_ code: KeyCode, _ name: String) {
    for action in [KeyAction.down, .up] {
      engine.handle(
        KeyEvent(code: code, name: name, action: action, modifiers: [], device: DeviceID(1), time: .zero))
    }
  }

  @Test func theConsoleFollowsAMenuAndAnAlertOverItAsKeysArePressed() throws {
    let pty = try PseudoTerminal(columns: 80, rows: 24)
    #expect(engine.start(AlertsPlugin()) == nil)
    #expect(engine.start(MenusPlugin()) == nil)
    #expect(
      engine.start(ConsolePlugin(), configuration: PluginConfiguration(["device": .string(pty.path)])) == nil)
    let services = Mutex<(menus: (any MenuPresenting)?, alerts: (any AlertPresenting)?)>((nil, nil))
    engine.start(
      InlinePlugin(name: "probe") { host in
        services.withLock {
          $0 = (host.service((any MenuPresenting).self), host.service((any AlertPresenting).self))
        }
      })
    let menus = try #require(services.withLock { $0.menus })
    let alerts = try #require(services.withLock { $0.alerts })

    menus.open(
      Menu(
        title: "Power",
        sections: [
          MenuSection(items: [.action("Suspend", selector: "none"), .action("Hibernate", selector: "none")]),
          MenuSection(items: [.action("Reboot", selector: "none")]),
        ]), owner: "test"
    ) { _ in }
    let opened = try pty.screen { $0.lines.joined().contains("▶ 1 Suspend") }
    #expect(
      opened.box == [
        "┌─ Power ──────────────────────┐",
        "│ ▶ 1 Suspend                  │",
        "│   2 Hibernate                │",
        "├──────────────────────────────┤",
        "│   3 Reboot                   │",
        "└─ Enter: choose · Esc: close ─┘",
      ], "\(opened)")

    press(.down, "KEY_DOWN")
    press(.down, "KEY_DOWN")
    let moved = try pty.screen { $0.lines.joined().contains("▶ 3 Reboot") }
    #expect(
      moved.box[1] == "│   1 Suspend                  │" && moved.box[4] == "│ ▶ 3 Reboot                   │"
    )

    let answer = Mutex<String?>(nil)
    _ = alerts.present(Alert(title: "Really?", buttons: ["No", "Yes"], cancel: 0), owner: "test") { result in
      answer.withLock { $0 = "\(result)" }
    }
    let asked = try pty.screen { $0.lines.joined().contains("[ Yes ]") }
    #expect(asked.box.first == "┌─ Really? ───────────────────┐", "\(asked)")
    #expect(asked.lines.contains { $0.contains("1 more behind this one") })
    #expect(
      !asked.lines.joined().contains("Reboot"), "the menu's box is erased where the alert does not cover it")

    press(.escape, "KEY_ESC")
    let back = try pty.screen { $0.lines.joined().contains("▶ 3 Reboot") }
    #expect(answer.withLock { $0 } != nil)
    #expect(back.box.count == 6 && !back.lines.joined().contains("behind"), "\(back)")

    press(.escape, "KEY_ESC")
    let closed = try pty.screen { !$0.lines.joined().contains("│") }
    #expect(closed.lines.allSatisfy { $0.allSatisfy { $0 == " " } }, "\(closed)")
    engine.stopAll()
  }

  /// A dialog-family kind is drawn from its generic parts: a masked prompt
  /// as bullets with the cursor, updated as it is typed into.
  @Test func theConsoleDrawsADialogFromItsParts() throws {
    let pty = try PseudoTerminal(columns: 80, rows: 24)
    #expect(
      engine.start(ConsolePlugin(), configuration: PluginConfiguration(["device": .string(pty.path)])) == nil)
    let hostSlot = Mutex<(any PluginHost)?>(nil)
    engine.start(InlinePlugin(name: "probe") { host in hostSlot.withLock { $0 = host } })
    let host = try #require(hostSlot.withLock { $0 })
    func prompt(_ typed: Int) -> ModalPicture {
      ModalPicture(
        id: "prompt-1", kind: "prompt", title: "Wi-Fi password",
        field: .init(shown: String(repeating: "•", count: typed), masked: true, cursor: typed),
        buttons: ["OK", "Cancel"], cancel: 1)
    }
    host.showModal(prompt(0))
    let shown = try pty.screen { $0.lines.joined().contains("Wi-Fi password") }
    #expect(shown.box.first == "┌─ Wi-Fi password ──────────────┐", "\(shown)")
    #expect(shown.box.last == "└─ Enter: OK · Esc: Cancel ─────┘", "\(shown)")
    host.updateModal(prompt(3))
    let typed = try pty.screen { $0.lines.joined().contains("[•••") }
    #expect(typed.box[1].hasPrefix("│ [•••  "), "\(typed)")
    host.closeModal("prompt-1")
    let closed = try pty.screen { !$0.lines.joined().contains("│") }
    #expect(closed.lines.allSatisfy { $0.allSatisfy { $0 == " " } }, "\(closed)")
    engine.stopAll()
  }
}
