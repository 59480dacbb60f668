public import Logging
import Synchronization

/// Speaks utterances with espeak-ng on an ALSA device, on the speech thread
/// (``SpeechThread``).
///
/// ``say(_:)`` only records the utterance and wakes the thread. The thread
/// synthesizes in chunks of 100 ms and plays each one; between chunks it
/// checks that no newer utterance interrupted, and if one did it drops the
/// sound not yet played and moves on. A sound device that cannot be opened
/// is reported once to the log (again only after it worked in between), and
/// speech goes on being tried, silently, for each utterance.
public final class EspeakSpeaker: Speaker {
  private let thread: SpeechThread
  private let state = Mutex(UtteranceQueue())
  private let settings: Mutex<SpeechSettings>
  /// Settings handed over by ``configure(_:)``, checked on the thread in order.
  private let newSettings = Mutex<[SpeechSettings]>([])
  private let audioFailing = Mutex(false)
  private let logger: Logger
  private let openOutput: OpenSoundOutput

  /// Checks the settings with espeak-ng and makes a speaker that says
  /// things on `thread`.
  public convenience init(settings: SpeechSettings, logger: Logger, thread: SpeechThread) throws(SpeechError)
  {
    try self.init(settings: settings, logger: logger, thread: thread) { device, rate throws(SpeechError) in
      try AlsaOutput(device: device, sampleRate: rate)
    }
  }

  /// A speaker whose sound goes where `openOutput` says.
  init(settings: SpeechSettings, logger: Logger, thread: SpeechThread, openOutput: @escaping OpenSoundOutput)
    throws(SpeechError)
  {
    try Espeak.check(settings)
    self.thread = thread
    self.settings = Mutex(settings)
    self.logger = logger
    self.openOutput = openOutput
    thread.says { [weak self] between in self?.sayNext(between: between) ?? false }
  }

  public func say(_ utterance: Utterance) {
    if state.withLock({ $0.add(utterance) }) { thread.wake() }
  }

  /// Checks the settings on the speech thread; bad ones are logged and the
  /// old ones kept.
  public func configure(_ settings: SpeechSettings) {
    newSettings.withLock { $0.append(settings) }
    thread.wake()
  }

  public func stop() { state.withLock { $0.stop() } }

  /// Returns once everything said so far has been said (or dropped).
  func waitUntilIdle() { thread.waitUntilIdle() }

  /// On the speech thread: takes new settings, then says the next utterance,
  /// calling `between` between chunks; whether there was one.
  private func sayNext(between: () -> Void) -> Bool {
    let handedOver = newSettings.withLock { settings in
      defer { settings = [] }
      return settings
    }
    for settings in handedOver { check(settings) }
    guard let (utterance, generation) = state.withLock({ $0.next() }) else { return false }
    speak(utterance.text, generation: generation, between: between)
    return true
  }

  private func check(_ settings: SpeechSettings) {
    do throws(SpeechError) {
      try Espeak.check(settings)
      self.settings.withLock { $0 = settings }
    } catch {
      logger.error("speech settings not changed: \(error.message)")
    }
  }

  private func speak(_ text: String, generation: UInt64, between: () -> Void) {
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
        // Under espeak-ng's lock: what `between` decides only hands utterances over.
        between()
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
