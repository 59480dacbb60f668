import KeyMenuCore
import Testing

@Suite struct ShownTextTests {
  /// Every character the policy forbids, one of each kind.
  static let hostile =
    "a\u{1B}]0;pwned\u{07}\u{1B}[2J\r\u{08}\u{7F}\u{9B}31m\u{202E}x\u{2066}y\u{2028}z\n\tend"

  @Test(arguments: [
    0x00, 0x07, 0x0A, 0x1B, 0x1F, 0x7F, 0x80, 0x85, 0x9B, 0x9F, 0x202A, 0x202E, 0x2066, 0x2069, 0x2028,
    0x2029,
  ])
  func forbidden(value: UInt32) {
    #expect(ShownText.isForbidden(Unicode.Scalar(value)!))
  }

  @Test(arguments: [0x20, 0x7E, 0xA0, 0xE9, 0x200E, 0x2026, 0x2070, 0x25B6, 0x1F600])
  func allowed(value: UInt32) {
    #expect(!ShownText.isForbidden(Unicode.Scalar(value)!))
  }

  @Test func visibleFormHasNoForbiddenCharacterAndOneColumnPerReplacement() {
    let shown = ShownText.visible(Self.hostile)
    #expect(ShownText.isClean(shown))
    #expect(
      shown == "a␛]0;pwned␇␛[2J␍␈␡<U+009B>31m<U+202E>x<U+2066>y<U+2028>z␊␉end")
  }

  @Test func visibleFormKeepsNewlinesWhenAsked() {
    #expect(ShownText.visible("one\ntwo\u{1B}", keepingNewlines: true) == "one\ntwo␛")
    #expect(ShownText.isClean("one\ntwo", allowingNewlines: true))
    #expect(!ShownText.isClean("one\ntwo"))
  }

  @Test func cleanTextIsUnchanged() {
    let text = "Reboot now? Ja/Nein · 再起動 😀 العربية"
    #expect(ShownText.visible(text) == text)
    #expect(ShownText.escaped(text) == text)
    #expect(ShownText.spoken(text) == text)
  }

  @Test func escapedFormIsOneLineWithoutControls() {
    let escaped = ShownText.escaped(Self.hostile)
    #expect(ShownText.isClean(escaped))
    #expect(!escaped.contains("\n"))
    #expect(
      escaped == #"a\x1B]0;pwned\x07\x1B[2J\r\x08\x7F\u{009B}31m\u{202E}x\u{2066}y\u{2028}z\n\tend"#)
  }

  @Test func spokenFormReplacesEachForbiddenCharacterWithASpace() {
    #expect(ShownText.spoken("Erase\u{1B}[2J disk\u{202E}") == "Erase [2J disk ")
  }

  @Test func firstForbiddenNamesTheCharacter() {
    let found = ShownText.firstForbidden(in: "ok\nthen\u{9B}", allowingNewlines: true)
    #expect(found.map(ShownText.name) == "U+009B")
    #expect(ShownText.firstForbidden(in: "fine") == nil)
  }
}
