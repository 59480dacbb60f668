import KeyMenuCore
import KeyMenuRuntime
import KeyMenuTOML

/// A theme file (`--theme PATH`): a built-in theme to start from and what it
/// changes, in TOML.
///
/// ```toml
/// base = "dark"            # dark, light or high-contrast
/// font = "DejaVu Serif"    # a fontconfig family; characters it lacks fall back
/// corner_radius = 0.3      # the panel's corners, in text heights (0 to 2)
/// spacing = 1.2            # padding and gaps, against the theme's (0.5 to 3)
/// opacity = 0.9            # the panel's, where a compositor shows it (0.1 to 1)
///
/// [colors]                 # "#rrggbb" or "#rrggbbaa"
/// background = "#10141c"
/// focus = "#e05a00"
/// ```
///
/// Colours: `background`, `text`, `title`, `dimmed`, `focus`, `focus_text`,
/// `chip`, `track`, `accent`, `accent_text`. Every key is optional; an
/// unknown key, a wrong type or a value out of range is an error naming its
/// line and column.
public enum OverlayThemeFile {
  /// The largest theme file read.
  public static let sizeLimit = 64 * 1024

  /// The theme in the file at `path`.
  public static func load(_ path: String) throws(OverlayFailure) -> OverlayTheme {
    switch SmallFile.read(path, limit: sizeLimit) {
    case .success(let bytes): return try parse(String(decoding: bytes, as: UTF8.self), path: path)
    case .failure(.unreadable(let reason)): throw failure("cannot read \(path): \(reason)")
    case .failure(.notRegularFile): throw failure("\(path) is not a file")
    case .failure(.tooLarge): throw failure("\(path) is larger than \(sizeLimit / 1024) KiB")
    }
  }

  /// The theme `text` describes; `path` names it in errors.
  public static func parse(_ text: String, path: String) throws(OverlayFailure) -> OverlayTheme {
    let table: TOMLTable
    do {
      table = try TOMLParser.parse(text)
    } catch {
      throw failure("\(path):\(error)")
    }
    func fail(_ position: TOMLPosition, _ message: String) -> OverlayFailure {
      failure("\(path):\(position): \(message)")
    }
    var theme = OverlayTheme.dark
    if let base = table["base"] {
      guard case .string(let name) = base.kind, let named = OverlayTheme.named(name) else {
        throw fail(
          base.position, "base must be one of: \(OverlayTheme.all.map(\.name).joined(separator: ", "))")
      }
      theme = named
    }
    theme.name = path
    for entry in table.entries {
      let value = entry.value
      switch entry.key {
      case "base": break
      case "font":
        guard case .string(let family) = value.kind, !family.isEmpty, family.utf8.count <= 64,
          ShownText.escaped(family) == family
        else { throw fail(value.position, "font must be a font family name of 1 to 64 visible characters") }
        theme.font = family
      case "corner_radius": theme.cornerRadius = try number(value, in: 0...2, entry.key, fail)
      case "spacing": theme.spacing = try number(value, in: 0.5...3, entry.key, fail)
      case "opacity": theme.opacity = try number(value, in: 0.1...1, entry.key, fail)
      case "colors":
        guard case .table(let colors) = value.kind else {
          throw fail(value.position, "colors must be a table")
        }
        for color in colors.entries {
          guard let keyPath = colorKeys[color.key] else {
            throw fail(
              color.keyPosition,
              "unknown color \(color.key); expected one of \(colorKeys.keys.sorted().joined(separator: ", "))"
            )
          }
          guard case .string(let text) = color.value.kind, let parsed = OverlayColor(hex: text) else {
            throw fail(color.value.position, "\(color.key) must be a colour as \"#rrggbb\" or \"#rrggbbaa\"")
          }
          theme[keyPath: keyPath] = parsed
        }
      default:
        throw fail(
          entry.keyPosition,
          "unknown key \(entry.key); expected base, font, corner_radius, spacing, opacity or [colors]"
        )
      }
    }
    return theme
  }

  /// A usage failure whose message, which quotes the file's path and
  /// content, is escaped as every line the overlay writes is.
  private static func failure(_ message: String) -> OverlayFailure {
    OverlayFailure(.usage, ShownText.escaped(message))
  }

  private static var colorKeys: [String: WritableKeyPath<OverlayTheme, OverlayColor>] {
    [
      "background": \.background, "text": \.text, "title": \.title, "dimmed": \.dimmed,
      "focus": \.highlightBackground, "focus_text": \.highlightText, "chip": \.chip, "track": \.track,
      "accent": \.accent, "accent_text": \.accentText,
    ]
  }

  private static func number(
    _ value: TOMLValue, in range: ClosedRange<Double>, _ key: String,
    _ fail: (TOMLPosition, String) -> OverlayFailure
  ) throws(OverlayFailure) -> Double {
    let number: Double
    switch value.kind {
    case .integer(let integer): number = Double(integer)
    case .float(let float): number = float
    default:
      throw fail(value.position, "\(key) must be a number from \(range.lowerBound) to \(range.upperBound)")
    }
    guard range.contains(number) else {
      throw fail(
        value.position, "\(key) must be from \(range.lowerBound) to \(range.upperBound), not \(number)")
    }
    return number
  }
}

extension OverlayColor {
  /// A colour written `#rrggbb` or `#rrggbbaa`; nil for anything else.
  public init?(hex text: String) {
    guard text.first == "#", text.count == 7 || text.count == 9,
      let value = UInt32(text.dropFirst(), radix: 16)
    else { return nil }
    if text.count == 7 {
      self.init(value)
    } else {
      self.init(value >> 8, alpha: Double(value & 0xFF) / 255)
    }
  }
}
