import KeyMenuCore
import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuRouting
import Testing

/// No type-ahead into a modal nobody has seen (issue 29): a key pressed on
/// a device before a modal handler came does not reach it, as whiptail and
/// dialog drop what was typed before their box opened.
@Suite @EngineActor struct TypeAheadTests {
  /// The modal came at 100.5 s on the input clock.
  nonisolated static let shown = KernelTime(seconds: 100, microseconds: 500_000)

  static func key(
    at time: KernelTime, _ action: KeyAction = .down, synthetic: Bool = false
  ) -> Notification {
    .key(
      KeyEvent(
        code: .enter, name: "KEY_ENTER", action: action, modifiers: [], device: DeviceID(1), time: time,
        isSynthetic: synthetic))
  }

  /// What the modal and the hotkey saw of `notification`.
  static func delivery(of notification: Notification) -> [String] {
    let center = NotificationCenter(inputClock: { shown })
    let log = Recorder()
    _ = center.addObserver(tier: .hotkey) { [log] _ in
      log.record("hotkey")
      return .pass
    }
    _ = center.addObserver(tier: .modal) { [log] _ in
      log.record("modal")
      return .consume
    }
    _ = center.post(notification)
    return log.all
  }

  @Test func aKeyPressedBeforeTheModalCameGoesPastIt() {
    #expect(Self.delivery(of: Self.key(at: KernelTime(seconds: 100, microseconds: 400_000))) == ["hotkey"])
    #expect(Self.delivery(of: Self.key(at: KernelTime(seconds: 99, microseconds: 0))) == ["hotkey"])
  }

  @Test func aKeyPressedAfterReachesIt() {
    #expect(Self.delivery(of: Self.key(at: Self.shown)) == ["modal"])
    #expect(Self.delivery(of: Self.key(at: KernelTime(seconds: 100, microseconds: 600_000))) == ["modal"])
  }

  /// A client's key (`modal.press`), a release or repeat, and a key stamped
  /// long before (a wall clock stepped back) are not held back.
  @Test func clientKeysReleasesAndAClockSteppedBackAreNotHeld() {
    let early = KernelTime(seconds: 100, microseconds: 400_000)
    #expect(Self.delivery(of: Self.key(at: early, synthetic: true)) == ["modal"])
    #expect(Self.delivery(of: Self.key(at: early, .repeat)) == ["modal"])
    #expect(Self.delivery(of: Self.key(at: KernelTime(seconds: 90, microseconds: 0))) == ["modal"])
  }

  @Test func withoutAnInputClockEveryKeyReachesTheModal() {
    let center = NotificationCenter()
    let log = Recorder()
    _ = center.addObserver(tier: .modal) { [log] _ in
      log.record("modal")
      return .consume
    }
    _ = center.post(Self.key(at: .zero))
    #expect(log.all == ["modal"])
  }

  @Test func microsecondsBetweenTimes() {
    #expect(Self.shown.microsecondsSince(KernelTime(seconds: 99, microseconds: 900_000)) == 600_000)
    #expect(KernelTime(seconds: 99, microseconds: 900_000).microsecondsSince(Self.shown) == -600_000)
  }
}
