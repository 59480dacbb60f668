/// `[cec]`: an HDMI-CEC adapter keymenud claims a device (playback by
/// default) on, so that the TV's own remote reaches it and a modal can wake
/// the TV. Without the section keymenud leaves every CEC adapter alone.
public struct CECSettings: Hashable, Sendable {
  /// What keymenu appears as on the bus (`device_type`).
  public enum DeviceType: String, Hashable, Sendable, CaseIterable {
    /// A player: what a media box is.
    case playback
    /// A recorder.
    case recording
    /// A tuner (a set-top box).
    case tuner
  }

  /// `device`: the adapter (`/dev/cec0`), or nil for the first one present (`"auto"`).
  public var device: String?
  /// `osd_name`: the name the TV shows for this source (at most 14 ASCII bytes).
  public var osdName: String
  /// `device_type`: what keymenu appears as on the bus.
  public var deviceType: DeviceType
  /// `wake_tv`: whether a modal that does not say (`wake_tv` in its request)
  /// wakes the TV and takes its input while it is up.
  public var wakeTV: Bool

  /// The default name the TV shows.
  public static let defaultOSDName = "keymenu"

  /// Creates settings.
  public init(
    device: String? = nil, osdName: String = CECSettings.defaultOSDName, deviceType: DeviceType = .playback,
    wakeTV: Bool = false
  ) {
    self.device = device
    self.osdName = osdName
    self.deviceType = deviceType
    self.wakeTV = wakeTV
  }
}
