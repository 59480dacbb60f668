import KeyMenuOverlay
import KeyMenuPluginAPI
import Testing

/// Theme files (`--theme PATH`): a built-in theme changed by a few keys,
/// drawn; every mistake named with its line and column.
@Suite struct OverlayThemeFileTests {
  static let file = """
    base = "light"
    font = "DejaVu Serif"
    corner_radius = 0.2
    spacing = 1.5
    opacity = 0.9

    [colors]
    focus = "#e05a00"
    focus_text = "#ffffffff"
    background = "#fffbf0"
    """

  @Test func aFileChangesItsBaseTheme() throws {
    let theme = try OverlayThemeFile.parse(Self.file, path: "tv.toml")
    #expect(theme.font == "DejaVu Serif" && theme.cornerRadius == 0.2 && theme.spacing == 1.5)
    #expect(theme.opacity == 0.9)
    #expect(theme.highlightBackground == OverlayColor(0xE05A00))
    #expect(theme.background == OverlayColor(0xFFFBF0))
    #expect(theme.text == OverlayTheme.light.text, "the rest is light's")
    #expect(try OverlayThemeFile.parse("", path: "empty.toml").background == OverlayTheme.dark.background)
  }

  /// The spacing widens the padding; the panel is drawn in the file's colours and font.
  @Test func theThemeIsDrawn() throws {
    let theme = try OverlayThemeFile.parse(Self.file, path: "tv.toml")
    let painter = OverlayPainter(theme: theme)
    let plain = try #require(OverlayPainter(theme: .light).scene(for: OverlaySamples.alert, on: (1920, 1080)))
    let scene = try #require(painter.scene(for: OverlaySamples.alert, on: (1920, 1080)))
    #expect(scene.height > plain.height && scene.cornerRadius < plain.cornerRadius)
    #expect(painter.typesetter.family == "DejaVu Serif")
    try OverlayImageTests().check("1080-alert-theme-file", OverlaySamples.alert, theme: theme)
  }

  @Test func mistakesNameTheirLineAndColumn() {
    let cases: [(String, String)] = [
      ("colour = 1", "t.toml:1:1: unknown key colour"),
      ("base = \"purple\"", "t.toml:1:8: base must be one of: dark, light, high-contrast"),
      ("spacing = 9", "t.toml:1:11: spacing must be from 0.5 to 3.0, not 9.0"),
      ("opacity = \"half\"", "t.toml:1:11: opacity must be a number"),
      ("[colors]\nfocus = \"#12345\"", "t.toml:2:9: focus must be a colour"),
      ("[colors]\nlink = \"#123456\"", "t.toml:2:1: unknown color link"),
      ("font = \"A\\u202EB\"", "t.toml:1:8: font must be a font family name"),
      ("base = ", "t.toml:1:"),
    ]
    // A key written with a control character is named visibly, never passed on to the terminal.
    do {
      _ = try OverlayThemeFile.parse("[colors]\n\"a\\u001B[2J\" = \"#123456\"", path: "t.toml")
      Issue.record("a control character in a key was taken")
    } catch {
      #expect(error.message.hasPrefix("t.toml:2:1: unknown color a"), "\(error.message)")
      #expect(!error.message.unicodeScalars.contains { $0.value == 0x1B }, "\(error.message)")
    }
    for (text, message) in cases {
      do {
        _ = try OverlayThemeFile.parse(text, path: "t.toml")
        Issue.record("\(text) was taken")
      } catch {
        #expect(error.message.hasPrefix(message), "\(error.message)")
        #expect(error.code == .usage)
      }
    }
  }
}
