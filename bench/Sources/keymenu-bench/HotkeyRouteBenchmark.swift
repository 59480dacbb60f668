import KeyMenuCore
import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuRouting

/// Key event -> `Engine.handle` -> the ``HotkeyRouter`` keymenud routes
/// `[[hotkeys]]` through -> the binding's closure, with nothing in front:
/// the hotkey path (issue 32).
///
/// Two rigs, alternating rounds in one process: one whose hotkeys are all
/// plain presses (F1 to F12), and one with the same plus gesture bindings
/// (OK long, Back double) and leader sequences (Menu then 1 to 5) on other
/// keys. Each routes F5 pressed and released (a plain binding) and X
/// (bound to nothing), and prints ns/event for each. A plain binding must
/// fire on its key's way down, within the same `handle` call, in both
/// rigs: the run fails if it does not (no added latency, checked on every
/// press rather than timed).
struct HotkeyRouteBenchmark {
  var keyEvents: Int
  let rounds = 10

  /// How many times bindings fired.
  @EngineActor
  final class Counter {
    var value = 0
  }

  @EngineActor
  final class Rig {
    let engine = Engine()
    let fired = Counter()

    init(withGestures: Bool) {
      let fired = fired
      let count: @Sendable @EngineActor (KeyEvent) -> Void = { _ in fired.value += 1 }
      var bindings = (59...68).map { HotkeyRouter.Binding(chord: KeyChord(KeyCode($0)), perform: count) }
      bindings += [87, 88].map { HotkeyRouter.Binding(chord: KeyChord(KeyCode($0)), perform: count) }
      if withGestures {
        bindings.append(HotkeyRouter.Binding(chord: KeyChord(KeyCode(0x160)), gesture: .long, perform: count))
        bindings.append(HotkeyRouter.Binding(chord: KeyChord(KeyCode(158)), gesture: .double, perform: count))
        for digit in 2...6 {
          bindings.append(
            HotkeyRouter.Binding(
              chord: KeyChord(KeyCode(139)), following: [KeyChord(KeyCode(UInt16(digit)))],
              keyNames: ["Menu", "\(digit - 1)"], label: "Item \(digit - 1)", perform: count))
        }
      }
      let ready = bindings
      _ = engine.start(
        InlinePlugin(name: "hotkeys") { host in _ = HotkeyRouter(host: host, bindings: ready) })
    }

    /// Routes `count` events of `code` (down and up in turn); the time per event.
    func route(_ code: KeyCode, _ count: Int, times: inout [Double]) {
      let down = KeyEvent(
        code: code, name: "KEY", action: .down, modifiers: [], device: DeviceID(1), time: .zero)
      var up = down
      up.action = .up
      for _ in 0..<(count / 1_000) {
        let start = monotonicSeconds()
        for index in 0..<500 {
          let before = fired.value
          engine.handle(down)
          if code == KeyCode(63), fired.value != before + 1 {
            fail("the plain binding did not fire on its key's way down (event \(index))")
          }
          engine.handle(up)
        }
        times.append((monotonicSeconds() - start) / 1_000)
      }
    }
  }

  @EngineActor
  func run() {
    let plain = Rig(withGestures: false)
    let gestures = Rig(withGestures: true)
    var times: [String: [Double]] = [:]
    let perRound = keyEvents / rounds / 2
    for _ in 0..<rounds {
      for (name, rig) in [("plain", plain), ("gestures", gestures)] {
        rig.route(KeyCode(63), perRound, times: &times[name + " F5", default: []])
        rig.route(KeyCode(45), perRound, times: &times[name + " X", default: []])
      }
    }
    for (rig, key, what) in [
      ("plain", "F5", "a plain binding"), ("gestures", "F5", "a plain binding"), ("plain", "X", "no binding"),
      ("gestures", "X", "no binding"),
    ] {
      var sorted = times[rig + " " + key, default: []].sorted()
      if sorted.isEmpty { sorted = [0] }
      let median = sorted[sorted.count / 2] * 1e9
      let p99 = sorted[sorted.count * 99 / 100] * 1e9
      let hotkeys = rig == "plain" ? "12 plain hotkeys" : "12 plain + 2 gesture hotkeys + 5 sequences"
      print(
        "hotkeys (\(hotkeys)), \(key) (\(what)): \(rounds * perRound) key events: "
          + "median \(Int(median)) ns/event, p99 \(Int(p99)) ns/event")
    }
  }
}
