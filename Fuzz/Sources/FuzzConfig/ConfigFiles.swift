import FoundationEssentials
import Glibc

/// The files one fuzz input becomes, in a private directory made once per
/// process (`mkdtemp` under `$TMPDIR`, removed at exit).
///
/// The input is the main file; each line `#--- conf.d ---` in it starts a
/// drop-in instead (`conf.d/00.toml`, `01.toml`, ...). An input without that
/// line is checked as `keymenud --check FILE` checks one file; with it, as
/// keymenud reads `/etc/keymenu/keymenu.toml` and `conf.d`.
struct ConfigFiles {
  static let separator = Array("\n#--- conf.d ---\n".utf8)

  let directory: String
  var mainFile: String { directory + "/keymenu.toml" }
  var dropInDirectory: String { directory + "/conf.d" }

  /// Makes the directory; fails the run if it cannot (nothing could be checked).
  init() {
    let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((base + "/keymenu-fuzz-config-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { fatalError("mkdtemp under \(base) failed") }
    directory = String(cString: made)
    try? FileManager.default.createDirectory(atPath: dropInDirectory, withIntermediateDirectories: false)
  }

  /// Splits `input` at the separator lines: the main file, then the drop-ins.
  static func split(_ input: [UInt8]) -> [[UInt8]] {
    var parts: [[UInt8]] = []
    var rest = input[...]
    while let range = rest.firstRange(of: separator) {
      parts.append(Array(rest[..<range.lowerBound]))
      rest = rest[range.upperBound...]
    }
    parts.append(Array(rest))
    return parts
  }

  /// Writes the main file and exactly `dropIns` as conf.d's files.
  func write(main: [UInt8], dropIns: [[UInt8]]) {
    let files = FileManager.default
    for name in (try? files.contentsOfDirectory(atPath: dropInDirectory)) ?? [] {
      try? files.removeItem(atPath: dropInDirectory + "/" + name)
    }
    Self.store(main, at: mainFile)
    for (index, text) in dropIns.enumerated() {
      let name = index < 10 ? "0\(index).toml" : "\(index).toml"
      Self.store(text, at: dropInDirectory + "/" + name)
    }
  }

  func remove() { try? FileManager.default.removeItem(atPath: directory) }

  private static func store(_ bytes: [UInt8], at path: String) {
    do {
      try Data(bytes).write(to: URL(fileURLWithPath: path))
    } catch {
      fatalError("cannot write \(path): \(error)")
    }
  }
}
