import Foundation
import Testing

@testable import KeyMenuConfig

/// The places ConfigDocument's tree carries, which every diagnostic prints.
@Suite struct NodePositionTests {
  /// The text from a location (line and column from 1, columns in Unicode scalars) on.
  func text(_ source: String, at location: ConfigLocation) -> String {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    let line = lines[location.line - 1].unicodeScalars
    return String(line[line.index(line.startIndex, offsetBy: location.column - 1)...])
  }

  func node(_ source: String) throws -> ConfigNode {
    var diagnostics = Diagnostics()
    let node = ConfigDocument(file: "test.toml", text: source).node(&diagnostics)
    #expect(diagnostics.errors.isEmpty, "\(diagnostics.errors)")
    return try #require(node)
  }

  /// Every entry of every table, depth first, with its path.
  func entries(_ node: ConfigNode, path: String = "") -> [(path: String, entry: ConfigEntry)] {
    switch node.value {
    case .table(let entries):
      entries.flatMap { entry in
        [(path + "." + entry.key, entry)] + self.entries(entry.node, path: path + "." + entry.key)
      }
    case .array(let elements):
      elements.enumerated().flatMap { number, element in self.entries(element, path: path + "[\(number)]") }
    default: []
    }
  }

  @Test func everyKeyAndValueOfTheExamplePointsAtItsText() throws {
    let source = try String(contentsOfFile: repositoryRoot + "/examples/keymenu.toml", encoding: .utf8)
    let all = entries(try node(source))
    #expect(all.count > 60)
    for (path, entry) in all {
      let key = text(source, at: entry.keyLocation)
      #expect(key.hasPrefix(entry.key) || key.hasPrefix("\"" + entry.key), "\(path) at \(entry.keyLocation)")
      let value = text(source, at: entry.node.location).first
      #expect(value != " " && value != "=" && value != nil, "\(path) value at \(entry.node.location)")
    }
  }

  @Test func positionsFollowHeadersArraysOfTablesAndInlineValues() throws {
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
    let root = try node(source)
    let all = Dictionary(entries(root).map { ($0.path, $0.entry) }, uniquingKeysWith: { first, _ in first })
    #expect(all[".not"] == nil)
    let hotkeys = try #require(all[".hotkeys"])
    guard case .array(let elements) = hotkeys.node.value else {
      Issue.record("hotkeys is not an array")
      return
    }
    #expect(elements.map(\.location.line) == [5, 7])
    #expect(all[".hotkeys[1].key"]?.node.location.column == 9)
    let buttons = try #require(all[".hotkeys[1].alert.buttons"])
    guard case .array(let names) = buttons.node.value else {
      Issue.record("buttons is not an array")
      return
    }
    #expect(names.map(\.location.column) == [36, 42])
    #expect(all[".menus.my menu.items[0].key"]?.keyLocation.line == 12)
    #expect(all[".menus.my menu.items[0].key"]?.keyLocation.column == 18)
    #expect(all[".menus.my menu"]?.keyLocation.column == 8)
    #expect(all[".menus.my menu"]?.node.location.column == 1)
  }

  @Test func dottedKeysGiveEachPartItsOwnPlace() throws {
    let root = try node("[plugins]\nspeech . rate = 3\n")
    let all = Dictionary(entries(root).map { ($0.path, $0.entry) }, uniquingKeysWith: { first, _ in first })
    #expect(all[".plugins.speech"]?.keyLocation.column == 1)
    #expect(all[".plugins.speech.rate"]?.keyLocation.column == 10)
    #expect(all[".plugins.speech.rate"]?.node.location.column == 17)
  }
}
