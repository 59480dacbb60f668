import CSpeechLibraries

/// One open ALSA playback stream of 16-bit mono samples, closed in `deinit`;
/// alsa-lib is loaded when the first one opens (CSpeechLibraries).
///
/// Opening never waits for a busy device; writing blocks until the device
/// took the samples, so only the speech thread writes.
final class AlsaOutput {
  private let pcm: OpaquePointer

  /// Opens `device` for `sampleRate` Hz with about 100 ms of buffer.
  init(device: String, sampleRate: Int) throws(SpeechError) {
    if let failure = keymenu_alsa_load() {
      throw SpeechError(
        .audio, "cannot load alsa-lib: \(String(cString: failure)) (Debian package libasound2)")
    }
    keymenu_alsa_quiet()
    var handle: OpaquePointer?
    let opened = keymenu_snd_pcm_open(&handle, device, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK)
    guard opened >= 0, let handle else { throw Self.error("cannot open sound device \"\(device)\"", opened) }
    let blocking = keymenu_snd_pcm_nonblock(handle, 0)
    let configured =
      blocking < 0
      ? blocking
      : keymenu_snd_pcm_set_params(
        handle, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 1, UInt32(sampleRate), 1, 100_000)
    guard configured >= 0 else {
      keymenu_snd_pcm_close(handle)
      throw Self.error("cannot set up sound device \"\(device)\"", configured)
    }
    pcm = handle
  }

  deinit { keymenu_snd_pcm_close(pcm) }

  /// Writes all of `samples`, recovering from underruns; throws when the
  /// device fails for good.
  func write(_ samples: [Int16]) throws(SpeechError) {
    var offset = 0
    var failures = 0
    while offset < samples.count {
      let written = samples.withUnsafeBufferPointer { buffer in
        keymenu_snd_pcm_writei(pcm, buffer.baseAddress! + offset, snd_pcm_uframes_t(buffer.count - offset))
      }
      if written >= 0 {
        offset += written
        failures = 0
        continue
      }
      failures += 1
      let recovered = keymenu_snd_pcm_recover(pcm, Int32(written), 1)
      if recovered < 0 || failures > 3 { throw Self.error("cannot play on the sound device", Int32(written)) }
    }
  }

  /// Waits until what was written has been played.
  func drain() { keymenu_snd_pcm_drain(pcm) }

  /// Throws away what was written and not yet played.
  func drop() { keymenu_snd_pcm_drop(pcm) }

  private static func error(_ what: String, _ code: Int32) -> SpeechError {
    SpeechError(.audio, "\(what): \(String(cString: keymenu_snd_strerror(code)))", errno: -code)
  }
}
