import SpeechPlugin
import Synchronization

/// A speaker that records what it is asked to say.
final class RecordingSpeaker: Speaker {
  private let state = Mutex<(said: [String], settings: [SpeechSettings], stopped: Bool)>(([], [], false))
  /// The settings the plugin made it with.
  let made = Mutex<SpeechSettings?>(nil)

  func say(_ utterance: Utterance) { state.withLock { $0.said.append(utterance.description) } }
  func configure(_ settings: SpeechSettings) { state.withLock { $0.settings.append(settings) } }
  func stop() { state.withLock { $0.stopped = true } }

  /// Everything said since the last call.
  func take() -> [String] {
    state.withLock { state in
      defer { state.said = [] }
      return state.said
    }
  }
  var settings: [SpeechSettings] { state.withLock { $0.settings } }
  var stopped: Bool { state.withLock { $0.stopped } }
}
