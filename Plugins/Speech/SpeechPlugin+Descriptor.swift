public import KeyMenuPluginAPI

extension SpeechPlugin {
  /// The `speech` plugin: off unless `[plugins.speech] enabled = true`.
  nonisolated public static let descriptor = PluginDescriptor(
    name: "speech",
    summary: "speaks the front alert or menu with espeak-ng as focus and highlight move",
    enabledByDefault: false,
    options: [
      PluginOption(
        "language", .string, default: .string("en"),
        help: "espeak-ng language, as espeak-ng --voices lists them (en, en-us, de, fr)"),
      PluginOption(
        "voice", .string, default: .string(""),
        help: "voice variant, as espeak-ng --voices=variant lists them (f3, m2, klatt); empty for the default"
      ),
      PluginOption("rate", .integer(80...450), default: .integer(175), help: "words per minute"),
      PluginOption("volume", .integer(0...200), default: .integer(100), help: "loudness; 100 is normal"),
      PluginOption("pitch", .integer(0...99), default: .integer(50), help: "pitch; 50 is normal"),
      PluginOption(
        "device", .string, default: .string("default"),
        help: "ALSA playback device (default, plughw:1,0); see aplay -L"),
    ]
  ) { SpeechPlugin() }
}
