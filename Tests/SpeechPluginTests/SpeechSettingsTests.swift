import KeyMenuEngineActor
import KeyMenuPluginAPI
import SpeechPlugin
import Testing

/// The `[plugins.speech]` options: declared, defaulted, read and checked.
@Suite struct SpeechSettingsTests {
  @Test @EngineActor func theDescriptorsDefaultsAreTheSettingsDefaults() throws {
    let descriptor = SpeechPlugin.descriptor
    #expect(descriptor.name == "speech")
    #expect(!descriptor.enabledByDefault)
    #expect(try SpeechSettings(descriptor.withDefaults(PluginConfiguration())) == SpeechSettings())
    #expect(descriptor.make().name == "speech")
  }

  @Test func everyOptionIsRead() throws {
    let settings = try SpeechSettings(
      PluginConfiguration([
        "language": .string("en-us"), "voice": .string("f3"), "rate": .integer(300), "volume": .integer(150),
        "pitch": .integer(70), "device": .string("plughw:1,0"),
      ]))
    #expect(
      settings
        == SpeechSettings(
          language: "en-us", voice: "f3", rate: 300, volume: 150, pitch: 70, device: "plughw:1,0"))
    #expect(settings.voiceName == "en-us+f3")
    #expect(SpeechSettings().voiceName == "en")
  }

  @Test func theDescriptorChecksRanges() throws {
    let options = Dictionary(uniqueKeysWithValues: SpeechPlugin.descriptor.options.map { ($0.key, $0) })
    #expect(options["rate"]?.problem(with: .integer(450)) == nil)
    #expect(options["rate"]?.problem(with: .integer(451)) == "rate must be from 80 to 450")
    #expect(options["rate"]?.problem(with: .integer(79)) != nil)
    #expect(options["volume"]?.problem(with: .integer(201)) != nil)
    #expect(options["pitch"]?.problem(with: .integer(100)) != nil)
    #expect(options["voice"]?.problem(with: .integer(1)) != nil)
  }

  @Test(arguments: [
    ("language", "../../etc/passwd"), ("language", ""), ("language", "en<x>"), ("voice", "f3 f4"),
    ("device", ""), ("device", "hw:0\nx"),
  ])
  func namesThatAreNotNamesAreRefused(key: String, value: String) {
    #expect(throws: SpeechError.self) {
      try SpeechSettings(PluginConfiguration([key: .string(value)]))
    }
  }
}
