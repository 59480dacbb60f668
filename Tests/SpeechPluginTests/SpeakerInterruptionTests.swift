import KeyMenuTestSupport
import Synchronization
import Testing

@testable import SpeechPlugin

/// What reaches the sound output, in order; it may interrupt the speaker
/// from inside a write, as a key press would while sound is playing.
final class OutputLog: Sendable {
  private let state = Mutex<(events: [String], onFirstWrite: (@Sendable () -> Void)?)>(([], nil))

  var events: [String] { state.withLock { $0.events } }

  /// The events with repeats folded: `write` for a run of writes.
  var folded: [String] { events.reduce(into: []) { if $0.last != $1 { $0.append($1) } } }

  func onFirstWrite(_ action: @escaping @Sendable () -> Void) { state.withLock { $0.onFirstWrite = action } }

  func record(_ event: String) {
    let action = state.withLock { state -> (@Sendable () -> Void)? in
      state.events.append(event)
      guard event == "write" else { return nil }
      defer { state.onFirstWrite = nil }
      return state.onFirstWrite
    }
    action?()
  }

  struct Output: SoundOutput {
    let log: OutputLog
    func write(_ samples: [Int16]) throws(SpeechError) { log.record("write") }
    func drain() { log.record("drain") }
    func drop() { log.record("drop") }
  }

  func open(device: String, sampleRate: Int) -> any SoundOutput {
    record("open \(device) \(sampleRate)")
    return Output(log: self)
  }
}

/// The real speaker and espeak-ng, with the sound going to an ``OutputLog``.
@Suite final class SpeakerInterruptionTests {
  let output = OutputLog()
  let log = LogCapture()
  let thread: SpeechThread
  let long = "Reboot now? All updates are installed and every program will be closed. Buttons: No, Yes. Yes."

  init() throws {
    thread = try SpeechThread()
    try thread.start()
  }

  deinit { thread.stop() }

  func speaker() throws -> EspeakSpeaker {
    try EspeakSpeaker(settings: SpeechSettings(device: "test"), logger: log.logger, thread: thread) {
      [output] device, rate in
      output.open(device: device, sampleRate: rate)
    }
  }

  @Test func anUtteranceIsPlayedChunkByChunkAndDrained() throws {
    let speaker = try speaker()
    speaker.say(Utterance(long))
    speaker.waitUntilIdle()
    #expect(output.folded == ["open test 22050", "write", "drain"])
    #expect(output.events.filter { $0 == "write" }.count > 20, "100 ms chunks of several seconds")
  }

  @Test func aNewerUtteranceCutsOffTheOneBeingSaid() throws {
    let speaker = try speaker()
    output.onFirstWrite { speaker.say(Utterance("No")) }
    speaker.say(Utterance(long))
    speaker.waitUntilIdle()
    #expect(output.events.prefix(3) == ["open test 22050", "write", "drop"])
    #expect(output.folded == ["open test 22050", "write", "drop", "open test 22050", "write", "drain"])
    #expect(log.all == [])
  }

  @Test func anUtteranceThatWaitsLetsTheCurrentOneFinish() throws {
    let speaker = try speaker()
    output.onFirstWrite { speaker.say(Utterance("No", interrupts: false)) }
    speaker.say(Utterance(long))
    speaker.waitUntilIdle()
    #expect(output.folded == ["open test 22050", "write", "drain", "open test 22050", "write", "drain"])
    #expect(output.events.filter { $0 == "write" }.count > 20)
  }

  @Test func stoppingCutsOffTheOneBeingSaid() throws {
    let speaker = try speaker()
    output.onFirstWrite { speaker.stop() }
    speaker.say(Utterance(long))
    speaker.waitUntilIdle()
    #expect(output.events == ["open test 22050", "write", "drop"])
  }
}
