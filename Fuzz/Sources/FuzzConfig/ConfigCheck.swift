import FuzzSupport
import Glibc
import KeyMenuBuiltins
import KeyMenuConfig
import KeyMenuEvdev
import Synchronization

@testable import KeyMenuDaemon

/// Loads the files through `ConfigSource.load()`, the call `keymenud
/// --check` and a reload make, renders what `--check` prints, and checks:
///
/// - a refused configuration has at least one error; a loaded one lists the
///   files read as its sources;
/// - every diagnostic names one of those files and a line that exists in it
///   (or line 0, column 0: no place), as `file:line:column: message`;
/// - for a single UTF-8 file, `ConfigurationLoader.parse(text:)` (what the
///   configuration tests call) gives the same result as loading the file.
enum ConfigCheck {
  /// Made once per process; removed at exit.
  static let files: ConfigFiles = {
    let made = ConfigFiles()
    atexit { ConfigCheck.files.remove() }
    return made
  }()

  static func run(_ input: [UInt8]) {
    let parts = ConfigFiles.split(input)
    files.write(main: parts[0], dropIns: Array(parts.dropFirst()))
    let source = ConfigSource(
      file: files.mainFile, dropInDirectory: parts.count > 1 ? files.dropInDirectory : nil,
      keyNames: .libevdev, plugins: BuiltinPlugins.catalog)
    let loaded = source.load()
    var lineCounts: [String: Int] = [files.mainFile: lineCount(parts[0])]
    for (index, part) in parts.dropFirst().enumerated() {
      lineCounts[files.dropInDirectory + "/" + (index < 10 ? "0\(index)" : "\(index)") + ".toml"] = lineCount(
        part)
    }
    switch loaded {
    case .success(let configuration):
      fuzzCheck(
        configuration.sources.sorted() == lineCounts.keys.sorted(), "sources \(configuration.sources)")
      check(configuration.warnings, lineCounts)
    case .failure(let errors):
      fuzzCheck(!errors.errors.isEmpty, "refused without an error")
      check(errors.all, lineCounts)
    }
    if parts.count == 1, let text = String(validating: parts[0], as: UTF8.self) {
      let parsed = ConfigurationLoader.parse(
        text: text, file: files.mainFile, keyNames: .libevdev, lookup: SystemAccounts.lookup,
        plugins: BuiltinPlugins.catalog.descriptors)
      fuzzCheck(parsed == loaded, "parse(text:) and load(file:) differ:\n\(parsed)\n\(loaded)")
    }
  }

  static func check(_ diagnostics: [ConfigDiagnostic], _ lineCounts: [String: Int]) {
    for diagnostic in diagnostics {
      let printed = diagnostic.description
      guard let lines = lineCounts[diagnostic.file] else {
        fuzzCheck(false, "a diagnostic for a file not read: \(printed)")
        return
      }
      fuzzCheck(diagnostic.line >= 0 && diagnostic.column >= 0, "a negative place: \(printed)")
      fuzzCheck(diagnostic.line <= lines, "line \(diagnostic.line) of a \(lines)-line file: \(printed)")
      if diagnostic.line == 0 { fuzzCheck(diagnostic.column == 0, "a column without a line: \(printed)") }
      fuzzCheck(!diagnostic.message.isEmpty, "an empty message: \(printed)")
    }
  }

  /// Lines as an editor numbers them: a last line without a newline counts.
  static func lineCount(_ bytes: [UInt8]) -> Int {
    bytes.count(where: { $0 == UInt8(ascii: "\n") }) + 1
  }
}
