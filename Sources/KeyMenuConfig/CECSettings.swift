/// `[cec]`: an HDMI-CEC adapter keymenud claims a playback device on, so
/// that the TV's own remote reaches it. Without the section keymenud leaves
/// every CEC adapter alone.
public struct CECSettings: Hashable, Sendable {
  /// `device`: the adapter (`/dev/cec0`), or nil for the first one present (`"auto"`).
  public var device: String?
  /// `osd_name`: the name the TV shows for this source (at most 14 ASCII bytes).
  public var osdName: String
  /// `wake_tv`: whether a modal that does not say (`wake_tv` in its request)
  /// wakes the TV and takes its input while it is up.
  public var wakeTV: Bool

  /// The default name the TV shows.
  public static let defaultOSDName = "keymenu"

  /// Creates settings.
  public init(device: String? = nil, osdName: String = CECSettings.defaultOSDName, wakeTV: Bool = false) {
    self.device = device
    self.osdName = osdName
    self.wakeTV = wakeTV
  }
}
