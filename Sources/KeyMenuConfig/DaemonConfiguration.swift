public import KeyMenuCore
public import KeyMenuPluginAPI
public import Logging

/// Everything `keymenud` reads from `/etc/keymenu/keymenu.toml` and its
/// `conf.d` drop-ins, checked and typed. Build one with ``ConfigurationLoader``.
///
/// docs/CONFIGURATION.md describes every key.
public struct DaemonConfiguration: Hashable, Sendable {
  /// `[devices]`: which devices to open.
  public var devices: DeviceSelection
  /// `[devices] grab`: when to grab them.
  public var grab: GrabPolicy
  /// `[[hotkeys]]`, in the order written (main file first, then drop-ins).
  public var hotkeys: [HotkeyBinding]
  /// `[menus.NAME]`, in the order written.
  public var menus: [ConfiguredMenu]
  /// `[commands]`: whether and as whom `run` actions run.
  public var commands: CommandSettings
  /// `[socket]`: the control socket and its tiers.
  public var socket: SocketSettings
  /// `[keyboard]`: the keyboard layout; ``KeyboardSettings/systemDefault`` without the section.
  public var keyboard: KeyboardSettings
  /// `[gestures]`: when a held key is a long press, and how soon a second
  /// press makes a double press (hotkeys' `gesture`).
  public var gestureTiming = KeyGestureMachine.Timing()
  /// When a leader sequence's hint comes and when it ends unfinished
  /// (`[gestures] hint_ms`, `sequence_ms`).
  public var sequenceTiming = KeySequenceMachine<KeyChord>.Timing()
  /// `[gamepad]`: how gamepads become remotes; ``GamepadMapping/standard`` without the section.
  public var gamepad: GamepadMapping = .standard
  /// `[[remotes]]`: IR remotes whose scancodes keymenu maps itself.
  public var remotes: [ConfiguredRemote] = []
  /// `[cec]`: the HDMI-CEC adapter keymenud claims; nil without the section.
  public var cec: CECSettings?
  /// `log_level`: the lowest level logged.
  public var logLevel: Logger.Level
  /// `log_keys`: whether logs may contain key names (debugging only).
  public var logKeys: Bool
  /// Things that load but are probably not what was meant.
  /// Every built-in plugin (catalog order), then the external ones.
  public var plugins: [PluginSettings]
  public var warnings: [ConfigDiagnostic]
  /// The files that were read, in order.
  public var sources: [String]

  /// Creates a configuration; every parameter defaults to the documented default.
  public init(
    devices: DeviceSelection = DeviceSelection(), grab: GrabPolicy = .whileModal,
    hotkeys: [HotkeyBinding] = [],
    menus: [ConfiguredMenu] = [], commands: CommandSettings = CommandSettings(),
    socket: SocketSettings = SocketSettings(), keyboard: KeyboardSettings = .systemDefault,
    logLevel: Logger.Level = .info, logKeys: Bool = false,
    plugins: [PluginSettings] = [], warnings: [ConfigDiagnostic] = [], sources: [String] = []
  ) {
    self.plugins = plugins
    self.devices = devices
    self.grab = grab
    self.hotkeys = hotkeys
    self.menus = menus
    self.commands = commands
    self.socket = socket
    self.keyboard = keyboard
    self.logLevel = logLevel
    self.logKeys = logKeys
    self.warnings = warnings
    self.sources = sources
  }

  /// What an empty configuration file means: every keyboard-like device,
  /// grabbed while an alert or menu is in front, no hotkeys, no menus,
  /// commands off, the standard socket, the system's keyboard layout, log
  /// level `info`.
  public static let defaults = DaemonConfiguration()

  /// The scancode table of the first `[[remotes]]` entry that matches a
  /// device, if one does.
  public func remoteScancodes(for identity: DeviceIdentity) -> RemoteScancodes? {
    remotes.first { $0.match.matches(identity) }?.scancodes
  }

  /// The menu with this name, if the configuration defines one.
  public func menu(named name: String) -> ConfiguredMenu? {
    menus.first { $0.name == name }
  }
}
