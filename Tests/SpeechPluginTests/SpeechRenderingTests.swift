import SpeechPlugin
import Testing

/// One utterance rendered through libespeak-ng to a WAV file, measured by sox.
@Suite struct SpeechRenderingTests {
  let text = "Reboot now? Updates are installed. Buttons: No, Yes. Yes."

  @Test func aRenderedUtteranceIsHeard() throws {
    let check = try SoundCheck()
    let wave = try WaveFile.speaking(text)
    let stat = try check.measure(wave, as: "reboot.wav")
    #expect(stat.isAudible, "rms \(stat.rms), maximum \(stat.maximum)")
    #expect(stat.seconds > 1)
    #expect(abs(stat.seconds - wave.seconds) < 0.01)
  }

  /// The measure can fail: silence of the same length is not heard.
  @Test func silenceIsNotHeard() throws {
    let check = try SoundCheck()
    let stat = try check.measure(
      WaveFile(sampleRate: 22050, samples: Array(repeating: 0, count: 44100)), as: "s.wav")
    #expect(!stat.isAudible)
    #expect(stat.seconds == 2)
  }

  @Test func theRateAndVolumeOptionsChangeTheSound() throws {
    let check = try SoundCheck()
    let slow = try WaveFile.speaking(text, with: SpeechSettings(rate: 80))
    let fast = try WaveFile.speaking(text, with: SpeechSettings(rate: 450))
    #expect(slow.seconds > 2 * fast.seconds, "80 wpm: \(slow.seconds) s, 450 wpm: \(fast.seconds) s")
    let quiet = try check.measure(WaveFile.speaking(text, with: SpeechSettings(volume: 0)), as: "quiet.wav")
    #expect(!quiet.isAudible)
  }

  @Test func otherLanguagesAndVariantsSpeakToo() throws {
    let check = try SoundCheck()
    let german = try WaveFile.speaking(
      "Jetzt neu starten?", with: SpeechSettings(language: "de", voice: "f3"))
    #expect(try check.measure(german, as: "de.wav").isAudible)
  }

  @Test func unknownLanguagesAndVariantsAreErrors() {
    #expect(
      throws: SpeechError(.voiceNotFound, "espeak-ng has no voice for \"xx-nope\" (see espeak-ng --voices)")
    ) {
      try WaveFile.speaking("x", with: SpeechSettings(language: "xx-nope"))
    }
    #expect(throws: SpeechError.self) {
      try WaveFile.speaking("x", with: SpeechSettings(voice: "no-such-variant"))
    }
  }
}
