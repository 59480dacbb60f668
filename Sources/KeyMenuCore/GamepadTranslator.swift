/// Turns one gamepad's raw events into the key events a remote sends, by a
/// ``GamepadMapping``: a pure state machine in front of the ``KeyDecoder``.
///
/// - A mapped button sends its key; other gamepad buttons send nothing; any
///   other key the device has passes as it is.
/// - The hat axes (`ABS_HAT0X`, `ABS_HAT0Y`: -1, 0, 1) and the left stick
///   (`ABS_X`, `ABS_Y`, leaning past the dead zone) press the key of their
///   direction and release it when they come back; a stick lets go at half
///   the dead zone, so that it does not flicker at the edge.
/// - A key held by two sources at once (the D-pad and the stick) goes down
///   once and up when both let go; held keys repeat after
///   ``GamepadMapping/repeatDelay`` and then every
///   ``GamepadMapping/repeatInterval`` (``HeldKeyRepeater``):
///   ``due(at:into:)`` sends those due, ``nextDeadline`` says when the
///   next is.
/// - `SYN_REPORT`, `SYN_DROPPED` and `MSC` events pass through; other axes
///   are dropped.
public struct GamepadTranslator: KeyTranslator {
  /// An absolute axis' range (`input_absinfo`'s minimum and maximum).
  public struct AxisRange: Hashable, Sendable {
    /// The lowest value.
    public var minimum: Int32
    /// The highest value.
    public var maximum: Int32

    /// Creates a range.
    public init(minimum: Int32, maximum: Int32) {
      self.minimum = minimum
      self.maximum = maximum
    }

    /// Where `value` lies, from -1 (minimum) through 0 (centre) to 1 (maximum).
    func lean(_ value: Int32) -> Double {
      let half = (Double(maximum) - Double(minimum)) / 2
      guard half > 0 else { return 0 }
      return (Double(value) - (Double(minimum) + half)) / half
    }
  }

  /// `EV_REL`.
  public static let relativeType: UInt16 = 2
  /// `EV_ABS`.
  public static let absoluteType: UInt16 = 3
  /// `ABS_X`, the left stick's horizontal axis.
  public static let stickX: UInt16 = 0x00
  /// `ABS_Y`, the left stick's vertical axis.
  public static let stickY: UInt16 = 0x01
  /// `ABS_HAT0X`, the D-pad's horizontal hat axis.
  public static let hatX: UInt16 = 0x10
  /// `ABS_HAT0Y`, the D-pad's vertical hat axis.
  public static let hatY: UInt16 = 0x11

  private let mapping: GamepadMapping
  private let stickRanges: [UInt16: AxisRange]
  /// The direction each axis leans to now.
  private var leaning: [UInt16: GamepadMapping.Direction] = [:]
  /// The keys held down and their repeats.
  private var held: HeldKeyRepeater

  /// A translator for a gamepad whose sticks have these ranges (by axis code).
  public init(mapping: GamepadMapping, stickRanges: [UInt16: AxisRange]) {
    self.mapping = mapping
    self.stickRanges = stickRanges
    held = HeldKeyRepeater(delay: mapping.repeatDelay, interval: mapping.repeatInterval)
  }

  /// Whether the translator holds `key` down.
  public func isHeld(_ key: KeyCode) -> Bool { held.isHeld(key) }

  /// When the next held key repeats, if one is held.
  public var nextDeadline: ContinuousClock.Instant? { held.nextRepeat }

  /// Translates a batch of the device's events (frames in order), appending
  /// what the decoder should see; `now` starts the repeat of keys pressed.
  public mutating func translate(
    _ events: [RawEvent], at now: ContinuousClock.Instant, into output: inout [RawEvent]
  ) {
    for event in events {
      switch event.type {
      case RawEvent.keyType:
        translateKey(event, at: now, into: &output)
      case Self.absoluteType:
        translateAxis(event, at: now, into: &output)
      case Self.relativeType:
        break  // a gamepad's wheel or trackball: nothing a remote has
      default:
        output.append(event)
      }
    }
  }

  /// Appends a repeat (and a `SYN_REPORT`) for every held key whose repeat
  /// is due at `now` (``HeldKeyRepeater/repeats(at:into:)``).
  public mutating func due(at now: ContinuousClock.Instant, into output: inout [RawEvent]) {
    held.repeats(at: now, into: &output)
  }

  private mutating func translateKey(
    _ event: RawEvent, at now: ContinuousClock.Instant, into output: inout [RawEvent]
  ) {
    let code = KeyCode(event.code)
    guard let key = mapping.buttons[code] else {
      if !KeyCode.gamepadButtons.contains(code), !KeyCode.dpadButtons.contains(code) { output.append(event) }
      return
    }
    switch event.value {
    case 1: held.press(key, time: event.time, at: now, into: &output)
    case 0: held.release(key, time: event.time, into: &output)
    default: break  // the translator repeats held keys itself
    }
  }

  private mutating func translateAxis(
    _ event: RawEvent, at now: ContinuousClock.Instant, into output: inout [RawEvent]
  ) {
    let axis = event.code
    let isHorizontal: Bool
    let lean: Double
    switch axis {
    case Self.hatX, Self.hatY:
      isHorizontal = axis == Self.hatX
      lean = Double(event.value.signum())
    case Self.stickX, Self.stickY:
      guard let range = stickRanges[axis] else { return }
      isHorizontal = axis == Self.stickX
      let raw = range.lean(event.value)
      // Past the dead zone it leans; once leaning, it lets go under half of it.
      let threshold = leaning[axis] == nil ? mapping.deadZone : mapping.deadZone / 2
      lean = abs(raw) > threshold ? raw : 0
    default:
      return
    }
    let direction: GamepadMapping.Direction? =
      lean == 0 ? nil : isHorizontal ? (lean < 0 ? .left : .right) : (lean < 0 ? .up : .down)
    guard direction != leaning[axis] else { return }
    if let old = leaning[axis], let key = mapping.directions[old] {
      held.release(key, time: event.time, into: &output)
    }
    leaning[axis] = direction
    if let direction, let key = mapping.directions[direction] {
      held.press(key, time: event.time, at: now, into: &output)
    }
  }
}
