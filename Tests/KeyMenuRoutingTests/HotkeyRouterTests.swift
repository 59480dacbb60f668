import KeyMenuCore
import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuRouting
import Testing

/// ``HotkeyRouter`` on a real engine, on its virtual clock: gestures, keys
/// that pass through, and bindings limited to some devices.
@Suite @EngineActor struct HotkeyRouterTests {
  static let keyboard = DeviceID(1)
  static let remote = DeviceID(2)

  func event(_ code: KeyCode, _ action: KeyAction, on device: DeviceID = keyboard) -> KeyEvent {
    KeyEvent(code: code, name: "", action: action, modifiers: [], device: device, time: .zero)
  }

  /// An engine with a router of `bindings` (name, chord, gesture, devices).
  func engine(
    _ bindings: [(String, KeyCode, KeyGestureMachine.Gesture, Set<DeviceID>?)], log: Recorder
  ) -> Engine {
    let engine = Engine()
    let plugin = InlinePlugin(name: "hotkeys") { host in
      _ = HotkeyRouter(
        host: host,
        bindings: bindings.map { name, code, gesture, devices in
          HotkeyRouter.Binding(
            chord: KeyChord(code), gesture: gesture,
            devices: devices.map { set in ("\(set.sorted())", { set.contains($0) }) }
          ) { event in log.record("\(name) from \(event.device)") }
        })
    }
    #expect(engine.start(plugin) == nil)
    return engine
  }

  @Test func aLongPressAndAPlainPressOnTheEnginesClock() {
    let log = Recorder()
    let engine = engine([("OK", .enter, .press, nil), ("Context", .enter, .long, nil)], log: log)
    #expect(engine.handle(event(.enter, .down)) == .consumedByHotkey)
    engine.advance(by: .milliseconds(100))
    #expect(engine.handle(event(.enter, .up)) == .consumedByHotkey)
    #expect(log.all == ["OK from 1"])
    _ = engine.handle(event(.enter, .down))
    engine.advance(by: .milliseconds(499))
    #expect(log.all == ["OK from 1"])
    engine.advance(by: .milliseconds(1))
    #expect(log.all == ["OK from 1", "Context from 1"])
    _ = engine.handle(event(.enter, .repeat))
    _ = engine.handle(event(.enter, .up))
    #expect(log.all.count == 2)
  }

  @Test func otherKeysPassThrough() {
    let log = Recorder()
    let engine = engine([("Menu", .menu, .press, nil)], log: log)
    #expect(engine.handle(event(.escape, .down)) != .consumedByHotkey)
    #expect(engine.handle(event(.menu, .down)) == .consumedByHotkey)
    #expect(log.all == ["Menu from 1"])
  }

  @Test func aBindingLimitedToTheRemoteDoesNotFireFromTheKeyboard() {
    let log = Recorder()
    let engine = engine(
      [("Remote OK", .enter, .press, [Self.remote]), ("Menu", .menu, .press, [Self.remote])], log: log)
    #expect(engine.handle(event(.enter, .down)) != .consumedByHotkey)
    _ = engine.handle(event(.enter, .up))
    #expect(engine.handle(event(.enter, .down, on: Self.remote)) == .consumedByHotkey)
    _ = engine.handle(event(.menu, .down))
    #expect(log.all == ["Remote OK from 2"])
  }

  @Test func aDeviceLimitedBindingGoesBeforeTheChordsOthers() {
    let log = Recorder()
    let engine = engine(
      [("Anywhere", .enter, .press, nil), ("On the remote", .enter, .long, [Self.remote])], log: log)
    _ = engine.handle(event(.enter, .down, on: Self.remote))
    engine.advance(by: .milliseconds(600))
    _ = engine.handle(event(.enter, .up, on: Self.remote))
    _ = engine.handle(event(.enter, .down))
    #expect(log.all == ["On the remote from 2", "Anywhere from 1"])
  }
}
