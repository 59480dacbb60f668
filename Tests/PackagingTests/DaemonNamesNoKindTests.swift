import Foundation
import KeyMenuKinds
import KeyMenuPluginAPI
import KeyMenuTestSupport
import Testing

/// Modal kinds are plugins that declare their surface: no source file of
/// KeyMenuDaemon names one, in code or in words, so a new kind is written
/// into its plugin alone (docs/ENGINE.md, "Adding a modal kind").
@Suite struct DaemonNamesNoKindTests {
  /// What names each kind: its plugin's name, its methods' prefixes (the
  /// kinds it shows), the singular of its name when it has no methods, its
  /// action keys and its notifications' topics (`alerts`, `alert`, `menus`,
  /// `menu`, `countdown`, ...). The lists plugin's kinds are `checklist`
  /// and `radiolist`, not `list`, a word the daemon uses for other things.
  static var kindWords: Set<String> {
    var words: Set<String> = []
    for descriptor in ModalKinds.catalog.descriptors {
      words.insert(descriptor.name)
      if descriptor.name.hasSuffix("s"), descriptor.methods.isEmpty {
        words.insert(String(descriptor.name.dropLast()))
      }
      for method in descriptor.methods { words.insert(String(method.name.prefix { $0 != "." })) }
      for action in descriptor.actions { words.insert(action.key) }
      for notification in descriptor.notifications { words.insert(notification.topic) }
    }
    return words
  }

  /// Where `word` occurs in `text`, ignoring case, except as the end of the
  /// project's own name (`keymenu`, `KeyMenuRouting`, `keymenud`).
  static func occurrences(of word: String, in text: String) -> [String] {
    let lines = text.lowercased().split(separator: "\n", omittingEmptySubsequences: false)
    return lines.enumerated().compactMap { number, line in
      var rest = line[...]
      while let found = rest.range(of: word) {
        if !line[..<found.lowerBound].hasSuffix("key") { return "line \(number + 1): \(line)" }
        rest = line[found.upperBound...]
      }
      return nil
    }
  }

  @Test func theWordsComeFromEveryKind() {
    #expect(
      Self.kindWords.isSuperset(of: [
        "alert", "alerts", "menu", "menus", "countdown", "checklist", "radiolist", "picklist",
      ]))
    #expect(Self.occurrences(of: "menu", in: "import KeyMenuCore\nlet menu = 1").count == 1)
  }

  @Test func noSourceFileOfTheDaemonNamesAModalKind() throws {
    let directory = TestProcess.fixtures + "/../../Sources/KeyMenuDaemon"
    let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter {
      $0.hasSuffix(".swift")
    }
    #expect(files.count > 10)
    for file in files.sorted() {
      let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
      for word in Self.kindWords.sorted() {
        let found = Self.occurrences(of: word, in: text)
        #expect(found.isEmpty, "\(file) names the \(word) kind: \(found.joined(separator: "; "))")
      }
    }
  }
}
