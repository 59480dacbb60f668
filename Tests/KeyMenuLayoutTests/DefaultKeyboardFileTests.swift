import FoundationEssentials
import KeyMenuCore
import KeyMenuLayout
import Testing

/// Debian's /etc/default/keyboard, as keyboard-configuration writes it and as people edit it.
@Suite struct DefaultKeyboardFileTests {
  @Test func readsWhatKeyboardConfigurationWrites() {
    let text = """
      # KEYBOARD CONFIGURATION FILE

      # Consult the keyboard(5) manual page.

      XKBMODEL="pc105"
      XKBLAYOUT="de"
      XKBVARIANT="nodeadkeys"
      XKBOPTIONS="compose:ralt,caps:escape"

      BACKSPACE="guess"
      """
    #expect(
      KeyboardLayoutSpec(defaultKeyboardFile: text)
        == KeyboardLayoutSpec(
          model: "pc105", layout: "de", variant: "nodeadkeys", options: "compose:ralt,caps:escape"))
  }

  @Test func emptyValuesMeanTheDefault() {
    let spec = KeyboardLayoutSpec(
      defaultKeyboardFile: "XKBMODEL=\"pc105\"\nXKBLAYOUT=\"fr\"\nXKBVARIANT=\"\"\nXKBOPTIONS=''\n")
    #expect(spec == KeyboardLayoutSpec(model: "pc105", layout: "fr"))
  }

  @Test func shellQuotingCommentsAndExportAreUnderstood() {
    let text = """
        export XKBLAYOUT='us,ru'   # two groups
      XKBVARIANT=,phonetic
      XKBOPTIONS="grp:alt_shift_toggle"#not-a-comment: the shell reads this # as part of the word
      XKBMODEL="pc\\"10\\"5"
      # XKBLAYOUT="de"
      """
    let spec = KeyboardLayoutSpec(defaultKeyboardFile: text)
    #expect(spec.layout == "us,ru")
    #expect(spec.variant == ",phonetic")
    #expect(spec.options == "grp:alt_shift_toggle#not-a-comment:")
    #expect(spec.model == "pc\"10\"5")
  }

  @Test func laterLinesWinAndUnreadableLinesAreSkipped() {
    let text = """
      XKBLAYOUT="de"
      XKBLAYOUT="fr"
      XKBVARIANT="unclosed
      not an assignment
      1XKB="x"
      XKBOPTIONS = "spaces around = are not shell"
      """
    #expect(KeyboardLayoutSpec(defaultKeyboardFile: text) == KeyboardLayoutSpec(layout: "fr"))
  }

  @Test func withoutALayoutTheFileMeansUS() {
    #expect(KeyboardLayoutSpec(defaultKeyboardFile: "") == .us)
    #expect(KeyboardLayoutSpec(defaultKeyboardFile: "# nothing here\nBACKSPACE=\"guess\"\n") == .us)
    #expect(KeyboardLayoutSpec(defaultKeyboardFile: "XKBOPTIONS=\"ctrl:nocaps\"").layout == "us")
  }

  @Test func theSystemFileIsReadAndAMissingOneMeansUS() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "keymenu-layout-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("keyboard").path
    try Data("XKBLAYOUT=\"ru\"\n".utf8).write(to: URL(fileURLWithPath: path))
    #expect(KeyboardLayoutSpec.system(path: path) == KeyboardLayoutSpec(layout: "ru"))
    #expect(KeyboardLayoutSpec.system(path: directory.appendingPathComponent("missing").path) == .us)
    #expect(KeyboardLayoutSpec.system(path: directory.path) == .us)  // a directory, not a file
  }

  @Test func theSpecDescribesItselfAsSetxkbmapWould() {
    #expect("\(KeyboardLayoutSpec(layout: "de", variant: "nodeadkeys"))" == "de(nodeadkeys)")
    #expect(
      "\(KeyboardLayoutSpec(model: "pc104", layout: "us,ru", variant: ",phonetic", options: "compose:ralt"))"
        == "us,ru(phonetic) with options \"compose:ralt\" on model \"pc104\"")
    #expect("\(KeyboardLayoutSpec())" == "us")
  }
}
