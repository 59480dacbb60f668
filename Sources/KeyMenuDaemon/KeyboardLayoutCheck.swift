public import KeyMenuConfig
import KeyMenuCore
import KeyMenuLayout

/// `keymenud --check`'s look at the keyboard layouts: whether each layout
/// the configuration names (`[keyboard]`, every `[[keyboard.devices]]`
/// entry) compiles with the system's XKB data. The configuration itself
/// checks only how the names are spelled.
public enum KeyboardLayoutCheck {
  /// One line per layout that does not compile or that xkbcommon warns
  /// about, as the daemon would log them; none when all is well.
  ///
  /// - Parameter systemFile: the system's layout file the settings are read over.
  public static func problems(
    of settings: KeyboardSettings, systemFile: String = "/etc/default/keyboard"
  ) -> [String] {
    var layouts = DeviceLayouts(composeLocales: [])
    return layouts.configure(settings, system: .system(path: systemFile))
  }
}
