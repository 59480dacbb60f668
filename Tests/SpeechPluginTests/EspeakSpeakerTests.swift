import KeyMenuTestSupport
import Testing

@testable import SpeechPlugin

/// The espeak-ng speaker on real ALSA devices: one that is missing and
/// ALSA's `null` device, which takes sound and discards it.
@Suite final class EspeakSpeakerTests {
  let log = LogCapture()
  let thread: SpeechThread

  init() throws {
    thread = try SpeechThread()
    try thread.start()
  }

  deinit { thread.stop() }

  @Test func aMissingSoundDeviceIsReportedOnceAndNothingWaitsForIt() throws {
    let speaker = try EspeakSpeaker(
      settings: SpeechSettings(device: "keymenu_no_such_device"), logger: log.logger, thread: thread)
    speaker.say(Utterance("Power menu. Suspend, 1 of 4"))
    speaker.say(Utterance("Reboot, 2 of 4", interrupts: false))
    speaker.waitUntilIdle()
    speaker.say(Utterance("Closed"))
    speaker.waitUntilIdle()
    #expect(log.all.count == 1)
    #expect(
      log.all.first?.hasPrefix("error: speech is silent: cannot open sound device \"keymenu_no_such_device\"")
        == true)
  }

  @Test func speechIsPlayedOnADeviceThatWorks() throws {
    let speaker = try EspeakSpeaker(
      settings: SpeechSettings(device: "null"), logger: log.logger, thread: thread)
    speaker.say(Utterance("Yes"))
    speaker.say(Utterance("No", interrupts: false))
    speaker.waitUntilIdle()
    #expect(log.all == [])
  }

  @Test func badSettingsAreLoggedAndTheOldOnesKept() throws {
    let speaker = try EspeakSpeaker(
      settings: SpeechSettings(device: "null"), logger: log.logger, thread: thread)
    speaker.configure(SpeechSettings(language: "xx-nope", device: "null"))
    speaker.waitUntilIdle()
    speaker.say(Utterance("Still here"))
    speaker.waitUntilIdle()
    #expect(
      log.all == [
        "error: speech settings not changed: espeak-ng has no voice for \"xx-nope\" (see espeak-ng --voices)"
      ])
  }

  @Test func aBadVoiceStopsTheSpeakerBeingMade() {
    #expect(throws: SpeechError.self) {
      try EspeakSpeaker(
        settings: SpeechSettings(voice: "no-such-variant"), logger: log.logger, thread: thread)
    }
  }

  @Test func aStoppedSpeakerSaysNothingMore() throws {
    let speaker = try EspeakSpeaker(
      settings: SpeechSettings(device: "keymenu_no_such_device"), logger: log.logger, thread: thread)
    speaker.stop()
    speaker.say(Utterance("Closed"))
    speaker.waitUntilIdle()
    #expect(log.all == [], "nothing was tried, so the missing device was never opened")
  }
}
