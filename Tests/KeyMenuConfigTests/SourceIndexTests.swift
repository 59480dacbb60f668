import Foundation
import Testing

@testable import KeyMenuConfig

@Suite struct SourceIndexTests {
  /// The text from a line and column (both from 1, columns in Unicode scalars) on.
  func text(_ source: String, at position: TextPosition) -> Substring.UnicodeScalarView {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    let line = lines[position.line - 1].unicodeScalars
    return line[line.index(line.startIndex, offsetBy: position.column - 1)...]
  }

  @Test func everyKeyPositionPointsAtAKeyOfItsPath() throws {
    let source = try String(contentsOfFile: repositoryRoot + "/examples/keymenu.toml", encoding: .utf8)
    let index = SourceIndex(scanning: source)
    #expect(index.entries.count > 80)
    for (path, entry) in index.entries {
      let keys = path.compactMap { if case .key(let key) = $0 { key } else { nil } }
      let here = String(text(source, at: entry.key))
      if case .index = path.last {  // an array element: the start of its value, or its [[header]]
        #expect(here.first.map { "{[\"'".contains($0) || $0.isNumber } == true, "\(path) at \(entry.key)")
      } else {
        #expect(keys.contains { here.hasPrefix($0) }, "\(path) at \(entry.key)")
      }
      let value = text(source, at: entry.value).first
      #expect(value != " " && value != "=" && value != nil, "\(path) value at \(entry.value)")
    }
  }

  @Test func pathsCountArrayOfTablesAndSkipStringsAndComments() {
    let source = """
      # [ignored] = {
      s = \"\"\"
      [not.a.table]
      \"\"\"
      [[hotkeys]]
      key = "a"
      [[hotkeys]]
      "key" = 'b'  # ]
      alert = { title = "x]", buttons = ["y,", 'z'] }
      [menus."my menu"]
      items = [
        { title = "é", key = "m" },
      ]
      """
    let index = SourceIndex(scanning: source)
    #expect(index.entries[[.key("not")]] == nil)
    #expect(index.entries[[.key("hotkeys"), .index(1)]]?.key == TextPosition(line: 7, column: 1))
    #expect(
      index.entries[[.key("hotkeys"), .index(1), .key("key")]]?.value == TextPosition(line: 8, column: 9))
    let buttons: ConfigPath = [.key("hotkeys"), .index(1), .key("alert"), .key("buttons"), .index(1)]
    #expect(index.entries[buttons]?.value == TextPosition(line: 9, column: 42))
    let item: ConfigPath = [.key("menus"), .key("my menu"), .key("items"), .index(0), .key("key")]
    #expect(index.entries[item]?.key == TextPosition(line: 12, column: 18))
  }
}
