import CSpeechLibraries
import Synchronization

/// The process's one espeak-ng engine, in synchronous mode: each call
/// synthesizes on the caller's thread and hands the sound over in chunks.
///
/// libespeak-ng keeps global state, so every call holds one lock. This file
/// and ``AlsaOutput`` are the speech plugin's only C boundary; the library
/// is loaded on the first call (CSpeechLibraries), not linked.
enum Espeak {
  private struct Library {
    /// The sample rate, once initialized.
    var sampleRate: Int?
    /// The voice last set, so it is loaded only when it changes.
    var voice: String?
  }

  /// Carries the chunk handler through espeak-ng's `user_data`.
  private final class Synthesis {
    let chunk: ([Int16]) -> Bool
    init(_ chunk: @escaping ([Int16]) -> Bool) { self.chunk = chunk }
  }

  private static let library = Mutex(Library())

  /// The sample rate of the sound espeak-ng makes (Hz), initializing it.
  static func sampleRate() throws(SpeechError) -> Int {
    try library.withLock { library throws(SpeechError) in try initialize(&library) }
  }

  /// Checks that the settings' language and voice variant exist.
  static func check(_ settings: SpeechSettings) throws(SpeechError) {
    try library.withLock { library throws(SpeechError) in
      _ = try initialize(&library)
      try select(settings, &library)
      if !settings.voice.isEmpty, !variantExists(settings.voice) {
        library.voice = nil
        throw SpeechError(
          .voiceNotFound,
          "espeak-ng has no voice variant \"\(settings.voice)\" (see espeak-ng --voices=variant)")
      }
    }
  }

  /// Synthesizes `text` with `settings`, handing each chunk of 16-bit mono
  /// samples to `chunk` until it returns false. Returns the sample rate.
  @discardableResult
  static func synthesize(_ text: String, with settings: SpeechSettings, chunk: ([Int16]) -> Bool)
    throws(SpeechError) -> Int
  {
    try library.withLock { library throws(SpeechError) in
      let rate = try initialize(&library)
      try select(settings, &library)
      keymenu_espeak_SetParameter(espeakRATE, Int32(settings.rate), 0)
      keymenu_espeak_SetParameter(espeakVOLUME, Int32(settings.volume), 0)
      keymenu_espeak_SetParameter(espeakPITCH, Int32(settings.pitch), 0)
      let status = withoutActuallyEscaping(chunk) { chunk in
        let synthesis = Synthesis(chunk)
        return withExtendedLifetime(synthesis) {
          text.withCString { pointer in
            keymenu_espeak_Synth(
              pointer, text.utf8.count + 1, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil,
              Unmanaged.passUnretained(synthesis).toOpaque())
          }
        }
      }
      guard status == EE_OK else {
        throw SpeechError(.synthesisFailed, "espeak-ng could not synthesize (error \(status.rawValue))")
      }
      return rate
    }
  }

  private static func initialize(_ library: inout Library) throws(SpeechError) -> Int {
    if let rate = library.sampleRate { return rate }
    if let failure = keymenu_espeak_load() {
      throw SpeechError(
        .engineUnavailable,
        "cannot load espeak-ng: \(String(cString: failure)) (Debian package libespeak-ng1)")
    }
    let rate = keymenu_espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 100, nil, espeakINITIALIZE_DONT_EXIT)
    guard rate > 0 else {
      throw SpeechError(
        .engineUnavailable,
        "espeak-ng could not start: is espeak-ng-data installed (Debian package espeak-ng-data)?")
    }
    keymenu_espeak_SetSynthCallback { samples, count, events in
      guard let context = events?.pointee.user_data else { return 0 }
      let synthesis = Unmanaged<Synthesis>.fromOpaque(context).takeUnretainedValue()
      guard let samples, count > 0 else { return 0 }
      return synthesis.chunk(Array(UnsafeBufferPointer(start: samples, count: Int(count)))) ? 0 : 1
    }
    library.sampleRate = Int(rate)
    return Int(rate)
  }

  private static func select(_ settings: SpeechSettings, _ library: inout Library) throws(SpeechError) {
    let name = settings.voiceName
    guard library.voice != name else { return }
    guard keymenu_espeak_SetVoiceByName(name) == EE_OK else {
      library.voice = nil
      throw SpeechError(
        .voiceNotFound, "espeak-ng has no voice for \"\(settings.language)\" (see espeak-ng --voices)")
    }
    library.voice = name
  }

  private static func variantExists(_ variant: String) -> Bool {
    "variant".withCString { languages in
      var spec = espeak_VOICE()
      spec.languages = languages
      guard let voices = keymenu_espeak_ListVoices(&spec) else { return false }
      var index = 0
      while let voice = voices[index] {
        let identifier = voice.pointee.identifier.map { String(cString: $0) }
        let name = voice.pointee.name.map { String(cString: $0) }
        if identifier == "!v/" + variant || name?.lowercased() == variant.lowercased() { return true }
        index += 1
      }
      return false
    }
  }
}
