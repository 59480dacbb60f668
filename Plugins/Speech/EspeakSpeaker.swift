import Dispatch
public import Logging
import Synchronization

/// Speaks utterances with espeak-ng on an ALSA device, on a queue of its own.
///
/// ``say(_:)`` only records the utterance and wakes the queue. The queue
/// synthesizes in chunks of 100 ms and plays each one; between chunks it
/// checks that no newer utterance interrupted, and if one did it drops the
/// sound not yet played and moves on. A sound device that cannot be opened
/// is reported once to the log (again only after it worked in between), and
/// speech goes on being tried, silently, for each utterance.
public final class EspeakSpeaker: Speaker {
  private let queue = DispatchQueue(label: "keymenu.speech")
  private let state = Mutex(UtteranceQueue())
  private let settings: Mutex<SpeechSettings>
  private let audioFailing = Mutex(false)
  private let logger: Logger
  private let openOutput: OpenSoundOutput

  /// Checks the settings with espeak-ng and makes a speaker.
  public convenience init(settings: SpeechSettings, logger: Logger) throws(SpeechError) {
    try self.init(settings: settings, logger: logger) { device, rate throws(SpeechError) in
      try AlsaOutput(device: device, sampleRate: rate)
    }
  }

  /// A speaker whose sound goes where `openOutput` says.
  init(settings: SpeechSettings, logger: Logger, openOutput: @escaping OpenSoundOutput) throws(SpeechError) {
    try Espeak.check(settings)
    self.settings = Mutex(settings)
    self.logger = logger
    self.openOutput = openOutput
  }

  public func say(_ utterance: Utterance) {
    if state.withLock({ $0.add(utterance) }) {
      queue.async { self.work() }
    }
  }

  /// Checks the settings on the speaker's queue; bad ones are logged and the
  /// old ones kept.
  public func configure(_ settings: SpeechSettings) {
    queue.async {
      do throws(SpeechError) {
        try Espeak.check(settings)
        self.settings.withLock { $0 = settings }
      } catch {
        self.logger.error("speech settings not changed: \(error.message)")
      }
    }
  }

  public func stop() { state.withLock { $0.stop() } }

  /// Returns once everything said so far has been said (or dropped).
  func waitUntilIdle() { queue.sync {} }

  private func work() {
    while let (utterance, generation) = state.withLock({ $0.next() }) {
      speak(utterance.text, generation: generation)
    }
  }

  private func speak(_ text: String, generation: UInt64) {
    let settings = settings.withLock { $0 }
    let output: any SoundOutput
    do throws(SpeechError) {
      output = try openOutput(settings.device, Espeak.sampleRate())
    } catch {
      if setAudioFailing(true) == false { logger.error("speech is silent: \(error.message)") }
      return
    }
    if setAudioFailing(false) == true {
      logger.notice("speech: sound device \"\(settings.device)\" works again")
    }
    var failure: SpeechError?
    do throws(SpeechError) {
      try Espeak.synthesize(text, with: settings) { chunk in
        guard isCurrent(generation) else { return false }
        do throws(SpeechError) {
          try output.write(chunk)
        } catch {
          failure = error
          return false
        }
        return isCurrent(generation)
      }
    } catch {
      logger.error("speech: \(error.message)")
    }
    if let failure, setAudioFailing(true) == false { logger.error("speech is silent: \(failure.message)") }
    if isCurrent(generation) && failure == nil { output.drain() } else { output.drop() }
  }

  private func isCurrent(_ generation: UInt64) -> Bool { state.withLock { $0.isCurrent(generation) } }

  /// Sets whether the sound device is failing; returns what it was.
  private func setAudioFailing(_ failing: Bool) -> Bool {
    audioFailing.withLock { value in
      defer { value = failing }
      return value
    }
  }
}
