import Foundation
import KeyMenuTestSupport
import SpeechPlugin

/// Writes sound to a private directory and measures it with `sox FILE -n stat`.
final class SoundCheck {
  /// What sox measured, from -1...1.
  struct Stat {
    var rms: Double
    var maximum: Double
    var seconds: Double
    /// Loud enough to be heard: speech, not silence or dither.
    var isAudible: Bool { rms > 0.01 && maximum > 0.1 }
  }

  /// Made with mkdtemp (mode 0700), removed when the check goes.
  let directory: String

  init() throws {
    var template = Array((FileManager.default.temporaryDirectory.path + "/keymenu-speech-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { throw POSIXError(.EIO) }
    directory = String(cString: made)
  }

  deinit { try? FileManager.default.removeItem(atPath: directory) }

  /// Writes `wave` as `name` and returns what sox measures.
  func measure(_ wave: WaveFile, as name: String) throws -> Stat {
    let path = directory + "/" + name
    try Data(wave.bytes).write(to: URL(fileURLWithPath: path))
    let result = try TestProcess.run(["sox", path, "-n", "stat"], timeout: 60)
    guard result.status == 0 else {
      throw SoundCheckError(
        message: "sox failed (\(result.status)); is sox installed (make deps)? \(result.stderr)")
    }
    var values: [String: Double] = [:]
    for line in result.stderr.split(separator: "\n") {
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2, let value = Double(parts[1].trimmingCharacters(in: .whitespaces)) else {
        continue
      }
      values[parts[0].split(separator: " ").joined(separator: " ")] = value
    }
    guard let rms = values["RMS amplitude"], let maximum = values["Maximum amplitude"],
      let seconds = values["Length (seconds)"]
    else { throw SoundCheckError(message: "unexpected sox output: \(result.stderr)") }
    return Stat(rms: rms, maximum: maximum, seconds: seconds)
  }
}

struct SoundCheckError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
