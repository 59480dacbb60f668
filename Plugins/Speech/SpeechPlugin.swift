public import KeyMenuPluginAPI
public import Logging
import Synchronization

/// The speech presenter: speaks the front alert or menu, and each focus,
/// highlight and filter move, as `modal.changed` reports them.
///
/// It keeps only the last snapshot (in its ``SpeechScript``) and hands each
/// utterance to a ``Speaker`` that returns at once, so key routing never
/// waits for speech. A newer utterance interrupts the one being said.
public final class SpeechPlugin: Plugin {
  /// Makes the speaker once the settings are known; an ``EspeakSpeaker``
  /// speaks on the plugin's thread.
  public typealias MakeSpeaker =
    @Sendable (SpeechSettings, Logger, SpeechThread) throws(SpeechError) -> any Speaker

  private struct State: Sendable {
    var script = SpeechScript()
    var speaker: (any Speaker)?
    var thread: SpeechThread?
  }

  public let name = "speech"
  private let makeSpeaker: MakeSpeaker
  private let decidesInline: Bool
  /// Shared with the speech thread, which decides what to say.
  private let state = Mutex(State())
  private var logger: Logger?

  /// Creates the plugin with espeak-ng on an ALSA device.
  public convenience init() {
    self.init { settings, logger, thread throws(SpeechError) in
      try EspeakSpeaker(settings: settings, logger: logger, thread: thread)
    }
  }

  /// Creates the plugin with another speaker (a recorder in tests).
  ///
  /// - Parameter decidesInline: decide what to say on the routing thread,
  ///   for every snapshot (tests that check each utterance). Otherwise (the
  ///   daemon) the routing thread only raises a ``ChangeSignal`` and the
  ///   plugin's ``SpeechThread`` reads the newest stack and decides,
  ///   skipping snapshots overtaken meanwhile: the newest thing is what must
  ///   be said.
  public init(decidesInline: Bool = false, makeSpeaker: @escaping MakeSpeaker) {
    self.decidesInline = decidesInline
    self.makeSpeaker = makeSpeaker
  }

  public func register(with host: any PluginHost) throws {
    let thread = try SpeechThread()
    let speaker = try makeSpeaker(SpeechSettings(host.configuration), host.logger, thread)
    if !decidesInline {
      let latest = host.latestModal
      thread.decides { [weak self] in self?.decide(latest.snapshot) }
    }
    try thread.start()
    state.withLock { state in
      state.speaker = speaker
      state.thread = thread
    }
    logger = host.logger
    let decidesInline = decidesInline
    _ = host.observe(.modalChanged, tier: .passive) { [weak self] notification in
      if decidesInline {
        if let snapshot = notification.modalSnapshot { self?.decide(snapshot) }
      } else {
        thread.changed()
      }
      return .pass
    }
  }

  /// Stops the speaker, then ends the thread and waits for it.
  public func stop() {
    let (speaker, thread) = state.withLock { state in
      defer {
        state.speaker = nil
        state.thread = nil
      }
      return (state.speaker, state.thread)
    }
    speaker?.stop()
    thread?.stop()
  }

  public func configurationChanged(_ configuration: PluginConfiguration) {
    do throws(SpeechError) {
      let settings = try SpeechSettings(configuration)
      state.withLock { $0.speaker }?.configure(settings)
    } catch {
      logger?.error("speech settings not changed: \(error.message)")
    }
  }

  /// Says what changed; under the lock, so utterances keep the order of the
  /// snapshots (``Speaker/say(_:)`` returns at once).
  private nonisolated func decide(_ snapshot: ModalSnapshot) {
    state.withLock { state in
      guard let utterance = state.script.advance(to: snapshot) else { return }
      state.speaker?.say(utterance)
    }
  }

  /// Returns once every snapshot handed over so far has been decided, and
  /// what that said, said.
  public nonisolated func waitUntilDecided() { state.withLock { $0.thread }?.waitUntilIdle() }
}
