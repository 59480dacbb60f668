import KeyMenuCore
import Testing

@Suite struct PressedKeysTests {
  @Test func setReportsChangesAndListsKeysInOrder() {
    var keys = PressedKeys()
    func change(_ code: UInt16, _ pressed: Bool) -> Bool { keys.set(KeyCode(code), pressed: pressed) }
    #expect(keys.isEmpty)
    #expect(change(0x2ff, true))
    #expect(change(1, true))
    #expect(!change(1, true))
    #expect(change(64, true))
    #expect(keys.keys == [KeyCode(1), KeyCode(64), KeyCode(0x2ff)])
    #expect(keys.contains(KeyCode(64)) && !keys.contains(KeyCode(63)))
    #expect(change(64, false))
    #expect(!change(64, false))
    #expect(keys.keys == [KeyCode(1), KeyCode(0x2ff)])
  }

  @Test func modifierNamesFollowAFixedOrder() {
    let set: ModifierSet = [.rightMeta, .leftCtrl, .altGr]
    #expect(set.names == ["leftctrl", "altgr", "rightmeta"])
    #expect(ModifierSet(key: .rightAlt) == .altGr)
    #expect(ModifierSet(key: .enter).isEmpty)
    #expect(KernelTime(seconds: 3, microseconds: 4500).description == "3.004500")
  }
}
