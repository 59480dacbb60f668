import KeyMenuCore
import KeyMenuEngineActor
import KeyMenuPluginAPI
import Testing

@Suite @EngineActor struct AttachmentTests {
  static let visits = AttachmentKey<Int>("visits")
  static let label = AttachmentKey<String>("visits")

  @Test func pluginsAttachTypedStateWithoutCollidingWithEachOther() {
    let store = AttachmentStore()
    let speech = store.view(for: "speech")
    let console = store.view(for: "console")
    let keypad = AttachmentSubject.device(DeviceID(4))
    speech[Self.visits, on: keypad] = 3
    console[Self.visits, on: keypad] = 7
    #expect(speech[Self.visits, on: keypad] == 3)
    #expect(console[Self.visits, on: keypad] == 7)
    #expect(speech[Self.label, on: keypad] == nil, "same name, other type: no value")
    #expect(speech[Self.visits, on: .device(DeviceID(5))] == nil)
    speech[Self.visits, on: keypad] = nil
    #expect(speech[Self.visits, on: keypad] == nil)
    #expect(console[Self.visits, on: keypad] == 7)
  }

  @Test func attachmentsGoWithTheirSubjectOrTheirPlugin() {
    let store = AttachmentStore()
    let speech = store.view(for: "speech")
    let console = store.view(for: "console")
    speech[Self.visits, on: .alert("a1")] = 1
    speech[Self.visits, on: .menu("m1")] = 2
    console[Self.visits, on: .menu("m1")] = 3
    store.removeAll(on: .alert("a1"))
    #expect(speech[Self.visits, on: .alert("a1")] == nil)
    #expect(speech[Self.visits, on: .menu("m1")] == 2)
    store.removeAll(ownedBy: "speech")
    #expect(speech[Self.visits, on: .menu("m1")] == nil)
    #expect(console[Self.visits, on: .menu("m1")] == 3)
  }

  @Test func configurationValuesAreTyped() {
    let section = PluginConfiguration(["voice": .string("en"), "rate": .integer(170), "enabled": .bool(true)])
    #expect(section.string("voice") == "en")
    #expect(section.integer("rate") == 170)
    #expect(section.bool("enabled") == true)
    #expect(section.string("rate") == nil)
    #expect(section.integer("missing") == nil)
  }
}
