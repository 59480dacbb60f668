import KeyMenuCore
import KeyMenuEvdev
import Testing

@Suite struct KeyNameTableTests {
  let names = KeyNameTable.libevdev

  @Test func namesComeFromLibevdev() {
    #expect(names.name(of: .escape) == "KEY_ESC")
    #expect(names.name(of: .enter) == "KEY_ENTER")
    #expect(names.name(of: .keypadEnter) == "KEY_KPENTER")
    #expect(names.name(of: .ok) == "KEY_OK")
    #expect(names.name(of: .back) == "KEY_BACK")
    #expect(names.name(of: KeyCode(0x110)) == "BTN_LEFT")
    #expect(names.name(of: KeyCode(0x200)) == "KEY_NUMERIC_0")
  }

  @Test func lookupAcceptsShortAndLowercaseNames() {
    #expect(names.code(named: "KEY_ESC") == .escape)
    #expect(names.code(named: "key_esc") == .escape)
    #expect(names.code(named: "esc") == .escape)
    #expect(names.code(named: "ok") == .ok)
    #expect(names.code(named: "btn_left") == KeyCode(0x110))
    #expect(names.code(named: "KEY_NOSUCHKEY") == nil)
    #expect(names.code(named: "nosuchkey") == nil)
  }

  @Test func everyNamedCodeRoundTrips() {
    var named = 0
    for raw in 0...KeyCode.max.rawValue {
      let code = KeyCode(raw)
      guard names.hasName(code) else { continue }
      named += 1
      let name = names.name(of: code)
      // Aliases (KEY_MUTE / KEY_MIN_INTERESTING) may map a name to another code with the same name.
      #expect(names.name(of: names.code(named: name)!) == name)
    }
    #expect(named > 500, "libevdev named only \(named) key codes")
  }

  @Test func unknownCodesGetAHexName() {
    #expect(names.name(of: KeyCode(0x2fe)).hasPrefix("KEY_0x") || names.hasName(KeyCode(0x2fe)))
    let empty = KeyNameTable([])
    #expect(empty.name(of: .escape) == "KEY_0x1")
    #expect(!empty.hasName(.escape))
  }
}
