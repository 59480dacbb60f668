public import KeyMenuCore

/// The `[keyboard]` section: the keyboard layout keys type with, as XKB
/// names (RMLVO). Without the section, the system's layout applies
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

  /// Creates settings; all nil is the system default.
  public init(layout: String? = nil, variant: String? = nil, options: String? = nil, model: String? = nil) {
    self.layout = layout
    self.variant = variant
    self.options = options
    self.model = model
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
}
