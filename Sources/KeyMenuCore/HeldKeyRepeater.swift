/// The keys a translator (``GamepadTranslator``, ``ScancodeTranslator``)
/// holds down for a device that has no kernel autorepeat for them: how many
/// sources hold each, and when each repeats next.
///
/// A key held by two sources at once goes down once and up when both let
/// go. Held keys repeat (value 2, a frame of their own) after `delay` and
/// then every `interval`, as a keyboard's autorepeat does; a repeat is
/// stamped on the device's clock (its press's stamp and the time since).
/// Pure: the clock is given.
public struct HeldKeyRepeater: Sendable {
  private let delay: Duration
  private let interval: Duration
  /// How many sources hold each key down.
  private var holders: [KeyCode: Int] = [:]
  /// When each held key repeats next.
  private var repeatDue: [KeyCode: ContinuousClock.Instant] = [:]
  /// When each held key went down: on the translator's clock and as the
  /// device stamped it.
  private var pressed: [KeyCode: (at: ContinuousClock.Instant, stamp: KernelTime)] = [:]

  /// Keys that repeat after `delay`, then every `interval`.
  public init(delay: Duration, interval: Duration) {
    self.delay = delay
    self.interval = interval
  }

  /// Whether `key` is held down.
  public func isHeld(_ key: KeyCode) -> Bool { (holders[key] ?? 0) > 0 }

  /// When the next held key repeats, if one is held.
  public var nextRepeat: ContinuousClock.Instant? { repeatDue.values.min() }

  /// One more source holds `key`; the first sends its down, stamped `time`.
  public mutating func press(
    _ key: KeyCode, time: KernelTime, at now: ContinuousClock.Instant, into output: inout [RawEvent]
  ) {
    holders[key, default: 0] += 1
    guard holders[key] == 1 else { return }
    output.append(.key(key, 1, at: time))
    repeatDue[key] = now + delay
    pressed[key] = (now, time)
  }

  /// One source lets go of `key`; the last sends its up, stamped `time`.
  public mutating func release(_ key: KeyCode, time: KernelTime, into output: inout [RawEvent]) {
    guard let count = holders[key] else { return }
    if count > 1 {
      holders[key] = count - 1
      return
    }
    holders[key] = nil
    repeatDue[key] = nil
    pressed[key] = nil
    output.append(.key(key, 0, at: time))
  }

  /// The time on the device's clock at `now`, from `key`'s press.
  public func stamp(of key: KeyCode, at now: ContinuousClock.Instant) -> KernelTime? {
    pressed[key].map { $0.stamp.adding(now - $0.at) }
  }

  /// Appends a repeat (and a `SYN_REPORT`) for every held key whose repeat
  /// is due at `now`; a late call sends one repeat, not those it slept through.
  public mutating func repeats(at now: ContinuousClock.Instant, into output: inout [RawEvent]) {
    var stamp: KernelTime?
    for (key, due) in repeatDue.sorted(by: { $0.key < $1.key }) where due <= now {
      let time = self.stamp(of: key, at: now) ?? .zero
      stamp = max(stamp ?? time, time)
      output.append(.key(key, 2, at: time))
      let next = due + interval
      repeatDue[key] = next > now ? next : now + interval
    }
    if let stamp { output.append(.report(at: stamp)) }
  }
}
