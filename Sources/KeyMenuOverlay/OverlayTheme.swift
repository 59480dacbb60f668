/// An RGBA colour, each channel 0...1.
public struct OverlayColor: Hashable, Sendable {
  public var red: Double
  public var green: Double
  public var blue: Double
  public var alpha: Double

  /// Creates a colour from 0xRRGGBB and an alpha.
  public init(_ rgb: UInt32, alpha: Double = 1) {
    red = Double((rgb >> 16) & 0xFF) / 255
    green = Double((rgb >> 8) & 0xFF) / 255
    blue = Double(rgb & 0xFF) / 255
    self.alpha = alpha
  }
}

/// The colours an overlay is drawn in.
///
/// The highlighted item and the focused button are drawn on the focus
/// colour (``highlightBackground``, a bar or a chip) in ``highlightText``;
/// a list's highlight while a button has the focus is an outline of it, so
/// that where the focus is reads without telling the colours apart.
public struct OverlayTheme: Hashable, Sendable {
  /// The name `--theme` takes.
  public var name: String
  /// The panel.
  public var background: OverlayColor
  public var text: OverlayColor
  public var title: OverlayColor
  /// Hints, counts, disabled items.
  public var dimmed: OverlayColor
  /// The focus bar and the focused button.
  public var highlightBackground: OverlayColor
  /// Text on the focus bar.
  public var highlightText: OverlayColor
  /// Buttons without the focus, key caps, fields.
  public var chip: OverlayColor
  /// Dividers and the tracks of gauges and scroll bars.
  public var track: OverlayColor
  /// A gauge's fill, marked check boxes and radio buttons, scroll bars' thumbs.
  public var accent: OverlayColor
  /// A tick on ``accent``.
  public var accentText: OverlayColor
  /// The font family (fontconfig's name or pattern).
  public var font = OverlayTypesetter.defaultFamily
  /// The panel's corner radius, in text heights.
  public var cornerRadius = 0.5
  /// The padding and gaps, against the built-in themes' (1).
  public var spacing = 1.0
  /// The panel's opacity when `--opacity` does not say (nil: opaque).
  public var opacity: Double?

  /// Creates a theme.
  public init(
    name: String, background: OverlayColor, text: OverlayColor, title: OverlayColor, dimmed: OverlayColor,
    highlightBackground: OverlayColor, highlightText: OverlayColor, chip: OverlayColor, track: OverlayColor,
    accent: OverlayColor, accentText: OverlayColor
  ) {
    self.name = name
    self.background = background
    self.text = text
    self.title = title
    self.dimmed = dimmed
    self.highlightBackground = highlightBackground
    self.highlightText = highlightText
    self.chip = chip
    self.track = track
    self.accent = accent
    self.accentText = accentText
  }

  /// Light text on a dark grey panel, the focus in blue.
  public static let dark = OverlayTheme(
    name: "dark", background: OverlayColor(0x1E1E24), text: OverlayColor(0xE6E6E6),
    title: OverlayColor(0xFFFFFF), dimmed: OverlayColor(0x9A9AA4),
    highlightBackground: OverlayColor(0x2F6FD6), highlightText: OverlayColor(0xFFFFFF),
    chip: OverlayColor(0x34343E), track: OverlayColor(0x44444F), accent: OverlayColor(0x5B9BFF),
    accentText: OverlayColor(0x10141C))

  /// Dark text on a light panel, the focus in blue.
  public static let light = OverlayTheme(
    name: "light", background: OverlayColor(0xF4F4F0), text: OverlayColor(0x202020),
    title: OverlayColor(0x000000), dimmed: OverlayColor(0x66666C),
    highlightBackground: OverlayColor(0x1F5FBF), highlightText: OverlayColor(0xFFFFFF),
    chip: OverlayColor(0xE0E0DA), track: OverlayColor(0xC8C8C2), accent: OverlayColor(0x1F5FBF),
    accentText: OverlayColor(0xFFFFFF))

  /// Black and white with yellow for the focus and what is not ordinary
  /// text, for low vision.
  public static let highContrast = OverlayTheme(
    name: "high-contrast", background: OverlayColor(0x000000), text: OverlayColor(0xFFFFFF),
    title: OverlayColor(0xFFFF00), dimmed: OverlayColor(0xFFFF00),
    highlightBackground: OverlayColor(0xFFFF00), highlightText: OverlayColor(0x000000),
    chip: OverlayColor(0x303030), track: OverlayColor(0xFFFFFF), accent: OverlayColor(0xFFFF00),
    accentText: OverlayColor(0x000000))

  /// Every theme, in the order `--help` lists them.
  public static let all: [OverlayTheme] = [.dark, .light, .highContrast]

  /// The theme called `name`, if there is one.
  public static func named(_ name: String) -> OverlayTheme? { all.first { $0.name == name } }

  /// The colour of `paint`.
  public func color(of paint: OverlayScene.Paint) -> OverlayColor {
    switch paint {
    case .panel: return background
    case .text: return text
    case .title: return title
    case .dimmed: return dimmed
    case .focus: return highlightBackground
    case .focusText: return highlightText
    case .chip: return chip
    case .track: return track
    case .accent: return accent
    case .accentText: return accentText
    }
  }
}
