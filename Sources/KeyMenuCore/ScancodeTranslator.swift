/// The keys an IR remote's scancodes send, for a remote the kernel has no
/// keymap for: `[[remotes]]` in the configuration, matched to a device.
/// keymenu reads them itself and never changes the kernel's keymap.
public struct RemoteScancodes: Hashable, Sendable {
  /// The key each scancode sends.
  public var keys: [UInt32: KeyCode]
  /// How long after a scancode's last arrival its key is let go: a held
  /// button repeats its scancode (NEC every 110 ms), so a key stays down
  /// while they keep coming.
  public var releaseAfter: Duration
  /// How long a key is held before it repeats, and how often after that.
  public var repeatDelay: Duration
  /// How often a held key repeats after ``repeatDelay``.
  public var repeatInterval: Duration

  /// Creates a table; the timings default to rc-core's own (a release
  /// 200 ms after the last scancode, repeats after 500 ms, every 125 ms).
  public init(
    keys: [UInt32: KeyCode], releaseAfter: Duration = .milliseconds(200),
    repeatDelay: Duration = .milliseconds(500), repeatInterval: Duration = .milliseconds(125)
  ) {
    self.keys = keys
    self.releaseAfter = releaseAfter
    self.repeatDelay = repeatDelay
    self.repeatInterval = repeatInterval
  }
}

/// Turns the scancodes of an IR remote that the kernel delivers without a
/// key (`MSC_SCAN` in a frame with no `EV_KEY`) into keys by a
/// ``RemoteScancodes`` table: a pure state machine with an injected clock.
///
/// - A scancode in the table presses its key at the end of its frame; the
///   same scancode again (the button held) keeps it down; another one lets
///   it go and presses its own; none for ``RemoteScancodes/releaseAfter``
///   lets it go.
/// - A held key repeats (``HeldKeyRepeater``).
/// - A frame with a key (the kernel has a keymap entry for the scancode)
///   and every other event pass as they are.
public struct ScancodeTranslator: KeyTranslator {
  private let table: RemoteScancodes
  private var held: HeldKeyRepeater
  /// The key the remote holds down now, and when it lets go unless its
  /// scancode comes again.
  private var current: (key: KeyCode, releaseAt: ContinuousClock.Instant)?
  /// The scancode of the frame being read, and whether the frame has a key.
  private var frameScan: UInt32?
  private var frameHasKey = false

  /// A translator for a remote with this table.
  public init(_ table: RemoteScancodes) {
    self.table = table
    held = HeldKeyRepeater(delay: table.repeatDelay, interval: table.repeatInterval)
  }

  public func isHeld(_ key: KeyCode) -> Bool { held.isHeld(key) }

  public var nextDeadline: ContinuousClock.Instant? {
    [current?.releaseAt, held.nextRepeat].compactMap { $0 }.min()
  }

  public mutating func translate(
    _ events: [RawEvent], at now: ContinuousClock.Instant, into output: inout [RawEvent]
  ) {
    for event in events {
      switch (event.type, event.code) {
      case (RawEvent.miscType, RawEvent.mscScan):
        frameScan = event.scancode
      case (RawEvent.keyType, _):
        frameHasKey = true
      case (RawEvent.synType, RawEvent.synReport):
        if let scan = frameScan, !frameHasKey, let key = table.keys[scan] {
          arrived(key, time: event.time, at: now, into: &output)
        }
        frameScan = nil
        frameHasKey = false
      case (RawEvent.synType, RawEvent.synDropped):
        frameScan = nil
        frameHasKey = false
      default:
        break
      }
      output.append(event)
    }
  }

  public mutating func due(at now: ContinuousClock.Instant, into output: inout [RawEvent]) {
    if let current, current.releaseAt <= now {
      let time = held.stamp(of: current.key, at: current.releaseAt) ?? .zero
      held.release(current.key, time: time, into: &output)
      output.append(.report(at: time))
      self.current = nil
    }
    held.repeats(at: now, into: &output)
  }

  /// A scancode of the table came: its key goes (or stays) down.
  private mutating func arrived(
    _ key: KeyCode, time: KernelTime, at now: ContinuousClock.Instant, into output: inout [RawEvent]
  ) {
    if let current, current.key != key { held.release(current.key, time: time, into: &output) }
    if current?.key != key { held.press(key, time: time, at: now, into: &output) }
    current = (key, now + table.releaseAfter)
  }
}
