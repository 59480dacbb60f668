extension WaveFile {
  /// Renders `text` with espeak-ng and `settings` (the device is not used):
  /// the same synthesis the speaker plays, kept instead of played.
  public static func speaking(_ text: String, with settings: SpeechSettings = SpeechSettings())
    throws(SpeechError)
    -> WaveFile
  {
    try Espeak.check(settings)
    var samples: [Int16] = []
    let rate = try Espeak.synthesize(text, with: settings) { chunk in
      samples.append(contentsOf: chunk)
      return true
    }
    return WaveFile(sampleRate: rate, samples: samples)
  }
}
