public import KeyMenuPluginAPI

/// How the speech presenter speaks, from its `[plugins.speech]` section.
public struct SpeechSettings: Hashable, Sendable {
  /// An espeak-ng language, as `espeak-ng --voices` lists them: `en`,
  /// `en-us`, `de`, `fr`.
  public var language: String
  /// A voice variant (`espeak-ng --voices=variant`), such as `f3`, `m2` or
  /// `klatt`; empty for the language's own voice.
  public var voice: String
  /// Words per minute, 80 to 450.
  public var rate: Int
  /// Loudness, 0 to 200; 100 is normal.
  public var volume: Int
  /// Pitch, 0 to 99; 50 is normal.
  public var pitch: Int
  /// The ALSA playback device: `default`, `plughw:1,0`, ...
  public var device: String

  /// The defaults: English at 175 words per minute on the default device.
  public init(
    language: String = "en", voice: String = "", rate: Int = 175, volume: Int = 100, pitch: Int = 50,
    device: String = "default"
  ) {
    self.language = language
    self.voice = voice
    self.rate = rate
    self.volume = volume
    self.pitch = pitch
    self.device = device
  }

  /// Reads a configuration section; keys left out keep their defaults.
  ///
  /// Ranges are the descriptor's to check; this checks what the descriptor
  /// cannot: that names are names, not paths or SSML.
  public init(_ configuration: PluginConfiguration) throws(SpeechError) {
    let defaults = SpeechSettings()
    self.init(
      language: configuration.string("language") ?? defaults.language,
      voice: configuration.string("voice") ?? defaults.voice,
      rate: configuration.integer("rate") ?? defaults.rate,
      volume: configuration.integer("volume") ?? defaults.volume,
      pitch: configuration.integer("pitch") ?? defaults.pitch,
      device: configuration.string("device") ?? defaults.device)
    try Self.check(language, key: "language", allowEmpty: false)
    try Self.check(voice, key: "voice", allowEmpty: true)
    guard !device.isEmpty, device.utf8.count <= 128, !device.contains(where: \.isNewline) else {
      throw SpeechError(
        .badOption, "device must be an ALSA device name such as \"default\" or \"plughw:1,0\"")
    }
  }

  /// The espeak-ng voice name: `en`, or `en-us+f3` with a variant.
  public var voiceName: String { voice.isEmpty ? language : language + "+" + voice }

  private static func check(_ name: String, key: String, allowEmpty: Bool) throws(SpeechError) {
    let allowed = name.utf8.allSatisfy { byte in
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a)
        || byte == 0x2d || byte == 0x5f
    }
    guard allowed, name.utf8.count <= 64, allowEmpty || !name.isEmpty else {
      throw SpeechError(
        .badOption,
        "\(key) \"\(name)\" must be a name of letters, digits, - and _, as espeak-ng --voices lists")
    }
  }
}
