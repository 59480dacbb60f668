public import KeyMenuCore

/// The `[keyboard]` section: the keyboard layout keys type with, as XKB
/// names (RMLVO), and `[[keyboard.devices]]`, other layouts for some
/// devices. Without the section, the system's layout applies
/// (`/etc/default/keyboard`, which the daemon reads).
///
/// A plain value: the configuration names the layout, the daemon compiles
/// it (KeyMenuLayout, libxkbcommon), so the configuration links no C.
public struct KeyboardSettings: Hashable, Sendable {
  /// `layout`: such as `"de"` or `"us,ru"`; nil to keep the system's layout and variant.
  public var layout: String?
  /// `variant`: such as `"nodeadkeys"`; only with `layout`.
  public var variant: String?
  /// `options`: comma-separated XKB options such as `"compose:ralt"`; nil for the system's.
  public var options: String?
  /// `model`: such as `"pc105"`; nil for the system's.
  public var model: String?
  /// `[[keyboard.devices]]`: the layouts of some devices, the first entry
  /// whose rule matches a device winning.
  public var devices: [DeviceKeyboard]

  /// Creates settings; all nil is the system default.
  public init(
    layout: String? = nil, variant: String? = nil, options: String? = nil, model: String? = nil,
    devices: [DeviceKeyboard] = []
  ) {
    self.layout = layout
    self.variant = variant
    self.options = options
    self.model = model
    self.devices = devices
  }

  /// No `[keyboard]` section: the system's layout as it is.
  public static let systemDefault = KeyboardSettings()

  /// Whether the settings change nothing about the system's layout.
  public var isSystemDefault: Bool { self == .systemDefault }

  /// The layout to compile, given the system's (`KeyboardLayoutSpec.system()`
  /// in KeyMenuLayout).
  ///
  /// With `layout`, the configuration names the whole layout: its layout,
  /// variant, options and model, and xkbcommon's defaults for what it
  /// leaves out. Without `layout`, the system's layout and variant stay and
  /// `options` and `model` replace the system's when given.
  public func spec(system: KeyboardLayoutSpec) -> KeyboardLayoutSpec {
    guard let layout else {
      var spec = system
      if let options { spec.options = options }
      if let model { spec.model = model }
      return spec
    }
    return KeyboardLayoutSpec(model: model, layout: layout, variant: variant, options: options)
  }

  /// The layout of one device: that of the first `[[keyboard.devices]]`
  /// entry whose rule matches it, read over ``spec(system:)`` as that is
  /// read over the system's; ``spec(system:)`` when none matches.
  public func spec(for device: DeviceIdentity, system: KeyboardLayoutSpec) -> KeyboardLayoutSpec {
    let base = spec(system: system)
    guard let entry = devices.first(where: { $0.match.matches(device) }) else { return base }
    return entry.settings.spec(system: base)
  }
}
