/// The gestures of one key, as a pure state machine: a plain press, a long
/// press (held past ``Timing/long``) and a double press (pressed again
/// within ``Timing/double`` of its release), for a key that has bindings
/// for some of them.
///
/// It has no clock: it asks for a timer (``Output/startTimer(_:)``) and is
/// told when it fired (``timerFired()``), so the engine's clock (virtual in
/// simulations) decides when. What it decides:
/// - A key with only a press binding fires on the way down, with no delay
///   (as a hotkey without gestures always did).
/// - A key with a long binding fires its press on the way up, if it came
///   up before the long threshold; held past it, its long fires, and the
///   release does nothing more.
/// - A key with a double binding waits after its release: pressed again
///   within the window, its double fires (on the way down); when the
///   window passes or another key is pressed, its press fires.
/// - Repeats (a keyboard's auto-repeat, an IR remote's repeat codes, the
///   repeats keymenu makes for gamepads and scancode remotes) are holding:
///   they change nothing.
public struct KeyGestureMachine: Sendable {
  /// A way of pressing a key that a binding may ask for.
  public enum Gesture: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Pressed and released (the default).
    case press
    /// Held past the long threshold.
    case long
    /// Pressed twice within the double window.
    case double

    public static func < (lhs: Gesture, rhs: Gesture) -> Bool {
      allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
  }

  /// The thresholds.
  public struct Timing: Hashable, Sendable {
    /// How long a key is held before it is a long press.
    public var long: Duration
    /// How soon after a release the next press makes a double press.
    public var double: Duration

    /// 500 ms and 300 ms by default.
    public init(long: Duration = .milliseconds(500), double: Duration = .milliseconds(300)) {
      self.long = long
      self.double = double
    }
  }

  /// What to do.
  public enum Output: Sendable, Equatable {
    /// The binding of this gesture fires.
    case fire(Gesture)
    /// Start the one timer (replacing any), and call ``timerFired()`` when it fires.
    case startTimer(Duration)
    /// Cancel the timer.
    case cancelTimer
  }

  /// Where the key is.
  public enum State: Sendable, Equatable {
    /// Up, nothing pending.
    case idle
    /// Down, its gesture not decided yet.
    case held
    /// Up after a press, waiting for a second one (the double window).
    case waiting
    /// Down, its gesture fired already: the rest of the press does nothing.
    case spent
  }

  /// The gestures the key has bindings for.
  public let gestures: Set<Gesture>
  /// The thresholds.
  public let timing: Timing
  /// Where the key is.
  public private(set) var state = State.idle

  /// A machine for a key with bindings for `gestures`.
  public init(gestures: Set<Gesture>, timing: Timing = Timing()) {
    self.gestures = gestures
    self.timing = timing
  }

  /// Whether the key's events belong to this machine now (to be consumed).
  public var isActive: Bool { state != .idle }

  /// The key went down.
  public mutating func down() -> [Output] {
    switch state {
    case .idle:
      guard gestures.contains(.long) || gestures.contains(.double) else {
        state = .spent
        return gestures.contains(.press) ? [.fire(.press)] : []
      }
      state = .held
      return gestures.contains(.long) ? [.startTimer(timing.long)] : []
    case .waiting:
      state = .spent
      return [.cancelTimer, .fire(.double)]
    case .held, .spent:
      return []
    }
  }

  /// The key came up.
  public mutating func up() -> [Output] {
    switch state {
    case .held:
      let cancel: [Output] = gestures.contains(.long) ? [.cancelTimer] : []
      if gestures.contains(.double) {
        state = .waiting
        return cancel + [.startTimer(timing.double)]
      }
      state = .idle
      return cancel + pressed
    case .spent:
      state = .idle
      return []
    case .idle, .waiting:
      return []
    }
  }

  /// The timer asked for fired: the key was held past the long threshold,
  /// or the double window passed.
  public mutating func timerFired() -> [Output] {
    switch state {
    case .held where gestures.contains(.long):
      state = .spent
      return [.fire(.long)]
    case .waiting:
      state = .idle
      return pressed
    default:
      return []
    }
  }

  /// Another key went down: a pending double ends, as a plain press.
  public mutating func otherKeyDown() -> [Output] {
    guard state == .waiting else { return [] }
    state = .idle
    return [.cancelTimer] + pressed
  }

  /// The press binding's firing, if there is one.
  private var pressed: [Output] { gestures.contains(.press) ? [.fire(.press)] : [] }
}
