import Dispatch
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
  /// Makes the speaker once the settings are known.
  public typealias MakeSpeaker = @Sendable (SpeechSettings, Logger) throws(SpeechError) -> any Speaker

  private struct State: Sendable {
    var script = SpeechScript()
    var speaker: (any Speaker)?
  }

  public let name = "speech"
  private let makeSpeaker: MakeSpeaker
  private let decidesInline: Bool
  private let state = Mutex(State())
  private let changes = ChangeSignal()
  /// Where the deciding queue reads the newest stack.
  private let current = Mutex<(@Sendable () -> ModalSnapshot)?>(nil)
  /// Where what to say is decided, off the routing thread.
  private let deciding = DispatchQueue(label: "keymenu.speech.decide")
  private let logger = Mutex<Logger?>(nil)

  /// Creates the plugin with espeak-ng on an ALSA device.
  public convenience init() {
    self.init { settings, logger throws(SpeechError) in
      try EspeakSpeaker(settings: settings, logger: logger)
    }
  }

  /// Creates the plugin with another speaker (a recorder in tests).
  ///
  /// - Parameter decidesInline: decide what to say on the routing thread,
  ///   for every snapshot (tests that check each utterance). Otherwise (the
  ///   daemon) the routing thread only raises a ``ChangeSignal`` and a queue
  ///   of the plugin's reads the newest stack and decides, skipping
  ///   snapshots overtaken meanwhile: the newest thing is what must be said.
  public init(decidesInline: Bool = false, makeSpeaker: @escaping MakeSpeaker) {
    self.decidesInline = decidesInline
    self.makeSpeaker = makeSpeaker
  }

  public func register(with host: any PluginHost) throws {
    let speaker = try makeSpeaker(SpeechSettings(host.configuration), host.logger)
    state.withLock { $0.speaker = speaker }
    logger.withLock { $0 = host.logger }
    current.withLock { $0 = { host.modalSnapshot } }
    let decidesInline = decidesInline
    let changes = changes
    let deciding = deciding
    _ = host.observe(.modalChanged, tier: .passive) { [weak self] notification in
      if decidesInline {
        if let snapshot = notification.modalSnapshot { self?.decide(snapshot) }
      } else if changes.raise(), let plugin = self {
        deciding.async { plugin.decideNewest() }
      }
      return .pass
    }
  }

  public func stop() {
    let speaker = state.withLock { state in
      defer { state.speaker = nil }
      return state.speaker
    }
    speaker?.stop()
  }

  public func configurationChanged(_ configuration: PluginConfiguration) {
    do throws(SpeechError) {
      let settings = try SpeechSettings(configuration)
      state.withLock { $0.speaker }?.configure(settings)
    } catch {
      logger.withLock { $0 }?.error("speech settings not changed: \(error.message)")
    }
  }

  /// Decides on the newest stack, then looks again 5 ms later (a burst of
  /// changes costs the routing thread no wake-up), sleeping once none came.
  private func decideNewest() {
    guard changes.take() || changes.sleepUnlessChanged() else { return }
    _ = changes.take()
    guard let read = current.withLock({ $0 }) else { return }
    decide(read())
    deciding.asyncAfter(deadline: .now() + .milliseconds(5)) { self.decideNewest() }
  }

  /// Says what changed; under the lock, so utterances keep the order of the
  /// snapshots (``Speaker/say(_:)`` returns at once).
  private func decide(_ snapshot: ModalSnapshot) {
    state.withLock { state in
      guard let utterance = state.script.advance(to: snapshot) else { return }
      state.speaker?.say(utterance)
    }
  }

  /// Returns once every snapshot handed over so far has been decided.
  public func waitUntilDecided() {
    while !changes.isSettled { deciding.sync {} }
    deciding.sync {}
  }
}
