/// Where the speaker's sound goes: an ALSA device (``AlsaOutput``), or a
/// recorder in tests. Used only on the speech thread.
protocol SoundOutput {
  /// Plays samples, blocking until the device took them.
  func write(_ samples: [Int16]) throws(SpeechError)
  /// Waits until what was written has been played.
  func drain()
  /// Throws away what was written and not yet played.
  func drop()
}

/// Opens a sound output on a device at a sample rate.
typealias OpenSoundOutput =
  @Sendable (_ device: String, _ sampleRate: Int) throws(SpeechError) -> any SoundOutput

extension AlsaOutput: SoundOutput {}
