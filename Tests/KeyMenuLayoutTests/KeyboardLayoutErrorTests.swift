import KeyMenuCore
import KeyMenuLayout
import Testing

@Suite struct KeyboardLayoutErrorTests {
  @Test func anUnknownLayoutIsAnErrorNamingIt() {
    #expect {
      try KeyboardLayout(KeyboardLayoutSpec(layout: "xx"), composeLocales: [])
    } throws: { error in
      guard let error = error as? KeyboardLayoutError else { return false }
      return error.code == .keymapDidNotCompile && error.spec.layout == "xx"
        && error.description.hasPrefix("keyboard layout xx does not compile: xkbcommon says")
        && error.details.contains { $0.contains("symbols/xx") }
    }
  }

  @Test func anUnknownVariantIsAnErrorNamingBoth() {
    #expect {
      try KeyboardLayout(KeyboardLayoutSpec(layout: "de", variant: "nosuchvariant"), composeLocales: [])
    } throws: { error in
      "\(error)".hasPrefix("keyboard layout de(nosuchvariant) does not compile")
    }
  }

  @Test func aKnownLayoutCompilesWithoutWarnings() throws {
    let layout = try KeyboardLayout(
      KeyboardLayoutSpec(layout: "fr", options: "compose:ralt"), composeLocales: [])
    #expect(layout.warnings == [])
  }

  @Test func anUnknownOptionIsAWarning() throws {
    let layout = try KeyboardLayout(
      KeyboardLayoutSpec(layout: "us", options: "nosuch:option"), composeLocales: [])
    #expect(layout.warnings == ["Unrecognized RMLVO option \"nosuch:option\" was ignored"])
    let keyboard = try LayoutState(layout: layout)
    #expect(keyboard.feed(KeyCode(30), .down)?.text == "a")
  }
}
