public import KeyMenuCore
public import KeyMenuEngineActor

/// Hotkeys with gestures, on the engine: each binding is a chord and a
/// gesture (a plain press, a long press, a double press), and fires its
/// `perform` when a person makes that gesture on the chord.
///
/// A chord whose bindings are all plain presses fires on the way down with
/// no delay, as hotkeys always did. A chord with a long or double binding
/// gets a ``KeyGestureMachine``, whose timer runs on the engine's clock
/// (``PluginHost/schedule(after:_:)``: virtual time in simulations). Every
/// event of a chord's key (its repeats and its release too) is consumed
/// while a hotkey has it, so modals never see half of a gesture.
///
/// A binding with ``Binding/following`` keys is a leader sequence
/// (`keys = ["Menu", "1"]`), routed by a ``KeySequenceRouter``: after its
/// first key, the router sees every key first until the sequence ends, and
/// shows a hint of the next keys once the hint time passes.
///
/// keymenud routes the configuration's `[[hotkeys]]` through one, and
/// `keymenuctl simulate` a scenario's `hotkey` lines.
@EngineActor public final class HotkeyRouter {
  /// One hotkey: a chord, a gesture, and what it does.
  public struct Binding: Sendable {
    /// The key and modifiers (the first of a sequence).
    public var chord: KeyChord
    /// The keys after ``chord`` of a leader sequence; empty for one key.
    public var following: [KeyChord]
    /// How the hint names each key of the sequence (`Menu`, `1`).
    public var keyNames: [String]
    /// What the hint says the binding does.
    public var label: String
    /// The gesture that fires it.
    public var gesture: KeyGestureMachine.Gesture
    /// The devices it answers to (nil: every device) and a name for that
    /// set: bindings of one chord with the same `scope` share one gesture
    /// machine, and a chord's scoped bindings are tried before its others.
    public var devices: (scope: String, accepts: @Sendable @EngineActor (DeviceID) -> Bool)?
    /// What firing does, given the key event that began the gesture.
    public var perform: @Sendable @EngineActor (KeyEvent) -> Void

    /// Creates a binding: one chord, or a sequence when `following` has keys.
    public init(
      chord: KeyChord, following: [KeyChord] = [], keyNames: [String] = [], label: String = "",
      gesture: KeyGestureMachine.Gesture = .press,
      devices: (scope: String, accepts: @Sendable @EngineActor (DeviceID) -> Bool)? = nil,
      perform: @escaping @Sendable @EngineActor (KeyEvent) -> Void
    ) {
      self.chord = chord
      self.following = following
      self.keyNames = keyNames
      self.label = label
      self.gesture = gesture
      self.devices = devices
      self.perform = perform
    }
  }

  /// The bindings of one chord (on some devices) and its gesture machine.
  private struct ChordEntry {
    var chord: KeyChord
    var scope: String?
    var accepts: (@Sendable @EngineActor (DeviceID) -> Bool)?
    var bindings: [KeyGestureMachine.Gesture: Binding]
    var machine: KeyGestureMachine
    var timer: TimerToken?
    /// The event that began the gesture under way.
    var start: KeyEvent?
  }

  private let host: any PluginHost
  private var entries: [ChordEntry] = []
  /// The chord entry each key held down belongs to, by device and code.
  private var held: [HeldKey: Int] = [:]
  private var token: ObserverToken?
  private let sequences: KeySequenceRouter
  /// Each entry's chord and devices, checked for every key: apart from the
  /// entries, whose copies (one per element a loop touches) cost more than
  /// the check itself.
  private var matchers: [(chord: KeyChord, accepts: (@Sendable @EngineActor (DeviceID) -> Bool)?)] = []
  /// The entries waiting for a second press (a double's window).
  private var waiting: Set<Int> = []

  private struct HeldKey: Hashable {
    var device: DeviceID
    var code: KeyCode
  }

  /// Routes `bindings` from now on until ``stop()`` or the end of the
  /// plugin whose host it is; the first binding of a chord and gesture
  /// counts. `sequenceEnded` hears of every sequence that ends unfired.
  public init(
    host: any PluginHost, bindings: [Binding], timing: KeyGestureMachine.Timing = .init(),
    sequenceTiming: KeySequenceMachine<KeyChord>.Timing = .init(),
    sequenceEnded: (@Sendable @EngineActor (KeySequenceMachine<KeyChord>.Ending) -> Void)? = nil
  ) {
    self.host = host
    sequences = KeySequenceRouter(
      host: host, bindings: bindings.filter { !$0.following.isEmpty }, timing: sequenceTiming,
      ended: sequenceEnded)
    let single = bindings.filter(\.following.isEmpty)
    // Device-limited bindings first: they are tried before a chord's others.
    for binding in single.filter({ $0.devices != nil }) + single.filter({ $0.devices == nil }) {
      let scope = binding.devices?.scope
      if let index = entries.firstIndex(where: { $0.chord == binding.chord && $0.scope == scope }) {
        if entries[index].bindings[binding.gesture] == nil {
          entries[index].bindings[binding.gesture] = binding
        }
      } else {
        entries.append(
          ChordEntry(
            chord: binding.chord, scope: scope, accepts: binding.devices?.accepts,
            bindings: [binding.gesture: binding], machine: KeyGestureMachine(gestures: [], timing: timing)))
      }
    }
    for index in entries.indices {
      entries[index].machine = KeyGestureMachine(gestures: Set(entries[index].bindings.keys), timing: timing)
    }
    matchers = entries.map { ($0.chord, $0.accepts) }
    guard !entries.isEmpty || !sequences.isEmpty else { return }
    // The observer keeps the router until stop() (or the plugin's end) removes it.
    token = host.observe(.keyDown, tier: .hotkey) { notification in
      guard let event = notification.keyEvent else { return .pass }
      return self.route(event)
    }
  }

  /// Stops routing: the observer goes, and pending timers with it.
  public func stop() {
    if let token { host.removeObserver(token) }
    token = nil
    for entry in entries { if let timer = entry.timer { host.cancel(timer) } }
    entries = []
    matchers = []
    waiting = []
    sequences.stop()
    held = [:]
  }

  private func route(_ event: KeyEvent) -> Disposition {
    let key = HeldKey(device: event.device, code: event.code)
    switch event.action {
    case .down:
      // A sequence under way has the key (a modal came in front of its watch).
      if sequences.isPending { return sequences.route(event) }
      // Another key ends a pending double as a plain press.
      for index in waiting.sorted() where !matchers[index].chord.matches(event) {
        drive(index) { $0.otherKeyDown() }
      }
      if let index = held[key] {
        drive(index) { $0.down() }
        return .consume
      }
      guard
        let index = matchers.firstIndex(where: {
          $0.chord.matches(event) && $0.accepts?(event.device) != false
        })
      else { return sequences.route(event) }
      held[key] = index
      entries[index].start = event
      drive(index) { $0.down() }
      return .consume
    case .up:
      // The center gives a consumed key's release to its consumer: this one.
      guard let index = held.removeValue(forKey: key) else { return .consume }
      drive(index) { $0.up() }
      return .consume
    default:
      // Repeats of a key a hotkey has are holding.
      return .consume
    }
  }

  /// Steps an entry's machine, keeping ``waiting`` in step, and carries out what it says.
  private func drive(_ index: Int, _ step: (inout KeyGestureMachine) -> [KeyGestureMachine.Output]) {
    let outputs = step(&entries[index].machine)
    if entries[index].machine.state == .waiting { waiting.insert(index) } else { waiting.remove(index) }
    apply(outputs, to: index)
  }

  private func apply(_ outputs: [KeyGestureMachine.Output], to index: Int) {
    for output in outputs {
      switch output {
      case .fire(let gesture):
        guard let binding = entries[index].bindings[gesture], let event = entries[index].start else {
          continue
        }
        binding.perform(event)
      case .startTimer(let delay):
        if let timer = entries[index].timer { host.cancel(timer) }
        entries[index].timer = host.schedule(after: delay) { [weak self] in self?.timerFired(index) }
      case .cancelTimer:
        if let timer = entries[index].timer { host.cancel(timer) }
        entries[index].timer = nil
      }
    }
  }

  private func timerFired(_ index: Int) {
    guard entries.indices.contains(index) else { return }
    entries[index].timer = nil
    drive(index) { $0.timerFired() }
  }
}
