import Dispatch
import KeyMenuPluginAPI
import Logging
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

  /// The newest snapshot not looked at yet, and whether the queue was asked to.
  private struct Pending: Sendable {
    var snapshot: ModalSnapshot?
    var scheduled = false
  }

  public let name = "speech"
  private let makeSpeaker: MakeSpeaker
  private let decidesInline: Bool
  private let state = Mutex(State())
  private let pending = Mutex(Pending())
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
  ///   daemon) the routing thread only stores the newest snapshot and a queue
  ///   of the plugin's decides, skipping snapshots overtaken meanwhile: the
  ///   newest thing is what must be said.
  public init(decidesInline: Bool = false, makeSpeaker: @escaping MakeSpeaker) {
    self.decidesInline = decidesInline
    self.makeSpeaker = makeSpeaker
  }

  public func register(with host: any PluginHost) throws {
    let speaker = try makeSpeaker(SpeechSettings(host.configuration), host.logger)
    state.withLock { $0.speaker = speaker }
    logger.withLock { $0 = host.logger }
    _ = host.observe(.modalChanged, tier: .passive) { [weak self] notification in
      if let snapshot = notification.payload(as: ModalSnapshot.self) { self?.show(snapshot) }
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

  /// Hands the snapshot over: decided at once (inline), or stored for the
  /// deciding queue, which is asked only when it is not already busy.
  private func show(_ snapshot: ModalSnapshot) {
    guard !decidesInline else { return decide(snapshot) }
    let schedule = pending.withLock { pending -> Bool in
      pending.snapshot = snapshot
      defer { pending.scheduled = true }
      return !pending.scheduled
    }
    if schedule { deciding.async { self.decidePending() } }
  }

  /// Decides until no snapshot is left.
  private func decidePending() {
    while let snapshot = pending.withLock({ pending -> ModalSnapshot? in
      guard let snapshot = pending.snapshot else {
        pending.scheduled = false
        return nil
      }
      pending.snapshot = nil
      return snapshot
    }) {
      decide(snapshot)
    }
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
  public func waitUntilDecided() { deciding.sync {} }
}
