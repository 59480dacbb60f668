/// Where the speech presenter's utterances go: espeak-ng on a sound device
/// (``EspeakSpeaker``, on the plugin's ``SpeechThread``), or a recorder in
/// tests.
///
/// Every call returns at once; saying happens elsewhere.
public protocol Speaker: Sendable {
  /// Says an utterance: at once if it interrupts, after what waits otherwise.
  func say(_ utterance: Utterance)
  /// Uses new settings from the next utterance on.
  func configure(_ settings: SpeechSettings)
  /// Ends what is being said and says nothing more.
  func stop()
}
