/// A pure state machine in front of the ``KeyDecoder`` for devices whose
/// events are not yet the keys keymenu wants: a gamepad
/// (``GamepadTranslator``), an IR remote the kernel has no keymap for
/// (``ScancodeTranslator``). The input loop feeds it every batch the device
/// sends and calls ``due(at:into:)`` when ``nextDeadline`` comes (the
/// repeats and releases of keys it holds itself).
public protocol KeyTranslator: Sendable {
  /// Translates a batch of the device's events (frames in order), appending
  /// what the decoder should see; `now` starts the keys' timers.
  mutating func translate(
    _ events: [RawEvent], at now: ContinuousClock.Instant, into output: inout [RawEvent])
  /// Appends the events whose time has come at `now` (repeats, releases),
  /// each frame closed by a `SYN_REPORT`.
  mutating func due(at now: ContinuousClock.Instant, into output: inout [RawEvent])
  /// When ``due(at:into:)`` has something next, if anything.
  var nextDeadline: ContinuousClock.Instant? { get }
  /// Whether the translator holds `key` down (a resync keeps it held).
  func isHeld(_ key: KeyCode) -> Bool
}
