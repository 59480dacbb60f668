import AlertsPlugin
import KeyMenuCore
import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuRouting
import MenusPlugin
import Synchronization
import Testing

/// The notification center's modal tier is the modal stack: an alert shown
/// over an open menu takes the keys, and when it is answered the menu is in
/// front again exactly as it was (path, highlight, filter).
@Suite @EngineActor struct AlertOverMenuTests {
  static let codes: [String: UInt16] = [
    "ENTER": 28, "DOWN": 108, "RIGHT": 106, "LEFT": 105, "S": 31, "ESC": 1,
  ]

  func post(_ center: NotificationCenter, _ name: String, _ action: KeyAction = .down) -> DeliveryOutcome {
    let event = KeyEvent(
      code: KeyCode(Self.codes[name]!), name: "KEY_" + name, action: action, modifiers: [],
      device: DeviceID(1),
      time: .zero)
    return center.post(.key(event))
  }

  @Test func menuIsRestoredExactlyAfterAnAlertOverIt() throws {
    let center = NotificationCenter()
    let settings = Menu(
      title: "Settings",
      items: [
        .action("Sound", selector: "snd"), .action("Screen", selector: "scr"),
        .action("Sleep", selector: "slp"),
      ],
      filterable: true)
    let menu = Mutex(
      MenuMachine(Menu(title: "Main", items: [.action("Play", selector: "p"), .submenu(settings)])))
    let menuToken = center.addObserver(tier: .modal) { notification in
      guard let event = notification.keyEvent else { return .pass }
      return menu.withLock { $0.handle(event).consumed } ? .consume : .pass
    }
    _ = post(center, "DOWN")
    _ = post(center, "RIGHT")
    _ = post(center, "S")
    _ = post(center, "DOWN")
    let before = try #require(menu.withLock { $0.snapshot(id: "m")?.menu })
    #expect(before.path == ["Main", "Settings"])
    #expect(before.filter == "s")
    #expect(before.highlight == 1)

    let queue = Mutex(AlertQueue())
    let answers = Mutex<[AlertAnswer]>([])
    _ = queue.withLock {
      $0.show(Alert(title: "Low battery", buttons: ["Dismiss", "Sleep now"], cancel: 0), id: "a1")
    }
    let alertToken = Mutex<ObserverToken?>(nil)
    alertToken.withLock { slot in
      slot = center.addObserver(tier: .modal) { notification in
        guard let event = notification.keyEvent else { return .pass }
        let (consumed, effects) = queue.withLock { $0.handle(event) }
        for case .answered(_, let answer) in effects {
          answers.withLock { $0.append(answer) }
          if let token = alertToken.withLock({ $0 }) { center.removeObserver(token) }
        }
        return consumed ? .consume : .pass
      }
    }
    #expect(post(center, "DOWN") == .notConsumed)
    #expect(post(center, "LEFT") == .consumedByModal)
    #expect(menu.withLock { $0.snapshot(id: "m")?.menu } == before, "keys went to the hidden menu")
    #expect(post(center, "ENTER") == .consumedByModal)
    #expect(answers.withLock { $0 } == [AlertAnswer(button: 0, title: "Dismiss", reason: .key, device: 1)])

    // The release of the Enter that answered the alert belongs to the alert,
    // which has gone: it is swallowed and never reaches the menu.
    #expect(post(center, "ENTER", .up) == .consumedByModal)
    #expect(menu.withLock { $0.snapshot(id: "m")?.menu } == before)
    #expect(post(center, "DOWN") == .consumedByModal)
    #expect(menu.withLock { $0.snapshot(id: "m")?.menu?.highlight } == 2)
    center.removeObserver(menuToken)
    #expect(center.observerCounts == (0, 0, 0))
  }
}
