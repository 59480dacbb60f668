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
/// The highlighted item and the focused button are drawn in reversed colours
/// (``highlightText`` on ``highlightBackground``), as `keymenuctl ui` does on
/// a terminal; they are also marked with characters (`▶`, `[ ]`), so the
/// picture reads the same to someone who cannot tell the colours apart.
public struct OverlayTheme: Hashable, Sendable {
  /// The name `--theme` takes.
  public var name: String
  public var background: OverlayColor
  public var text: OverlayColor
  public var title: OverlayColor
  public var dimmed: OverlayColor
  public var highlightBackground: OverlayColor
  public var highlightText: OverlayColor

  /// Light text on a dark grey box.
  public static let dark = OverlayTheme(
    name: "dark", background: OverlayColor(0x1E1E24), text: OverlayColor(0xE6E6E6),
    title: OverlayColor(0xFFFFFF), dimmed: OverlayColor(0x8C8C96),
    highlightBackground: OverlayColor(0xE6E6E6),
    highlightText: OverlayColor(0x1E1E24))

  /// Dark text on a light box.
  public static let light = OverlayTheme(
    name: "light", background: OverlayColor(0xF4F4F0), text: OverlayColor(0x202020),
    title: OverlayColor(0x000000), dimmed: OverlayColor(0x707070),
    highlightBackground: OverlayColor(0x202020),
    highlightText: OverlayColor(0xF4F4F0))

  /// Black and white with yellow for what is not ordinary text, for low vision.
  public static let highContrast = OverlayTheme(
    name: "high-contrast", background: OverlayColor(0x000000), text: OverlayColor(0xFFFFFF),
    title: OverlayColor(0xFFFF00), dimmed: OverlayColor(0xFFFF00),
    highlightBackground: OverlayColor(0xFFFF00),
    highlightText: OverlayColor(0x000000))

  /// Every theme, in the order `--help` lists them.
  public static let all: [OverlayTheme] = [.dark, .light, .highContrast]

  /// The theme called `name`, if there is one.
  public static func named(_ name: String) -> OverlayTheme? { all.first { $0.name == name } }
}
