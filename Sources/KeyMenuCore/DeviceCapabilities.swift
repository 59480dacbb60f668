/// What a device can send, as far as keymenu cares.
public struct DeviceCapabilities: Hashable, Sendable {
  /// Every `EV_KEY` code the device reports (keys and buttons).
  public var keys: Set<KeyCode>
  /// Whether it has relative axes (`EV_REL`: mice, trackballs).
  public var hasRelativeAxes: Bool
  /// Whether it has absolute axes (`EV_ABS`: touchpads, touchscreens, tablets).
  public var hasAbsoluteAxes: Bool
  /// Whether it has `EV_REP` (kernel autorepeat).
  public var hasAutorepeat: Bool
  /// The `EV_ABS` axes it reports (codes), for the gamepad's hat and stick.
  public var absoluteAxes: Set<UInt16>

  /// Creates a capability summary.
  public init(
    keys: Set<KeyCode>, hasRelativeAxes: Bool = false, hasAbsoluteAxes: Bool = false,
    hasAutorepeat: Bool = false, absoluteAxes: Set<UInt16> = []
  ) {
    self.keys = keys
    self.hasRelativeAxes = hasRelativeAxes
    self.hasAbsoluteAxes = hasAbsoluteAxes
    self.hasAutorepeat = hasAutorepeat
    self.absoluteAxes = absoluteAxes
  }
}
