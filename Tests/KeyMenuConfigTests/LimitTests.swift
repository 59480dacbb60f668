import KeyMenuConfig
import Testing

@Suite struct LimitTests {
  /// A menu whose first item opens `levels` nested submenus, one per line.
  func nestedMenu(levels: Int) -> String {
    var text = "[menus.deep]\nitems = [\n"
    for level in 0..<levels { text += "{ title = \"L\(level)\", items = [\n" }
    text += "{ title = \"leaf\", invoke = \"leaf\" }\n"
    text += String(repeating: "] },\n", count: levels)
    return text + "]\n"
  }

  @Test func submenusMayNestSixteenLevels() throws {
    let config = try load(nestedMenu(levels: 16))
    var items = try #require(config.menu(named: "deep")).items
    var depth = 0
    while case .submenu(let inner) = items.first?.content {
      items = inner
      depth += 1
    }
    #expect(depth == 16)
    #expect(items.first?.title == "leaf")
  }

  @Test func theSeventeenthLevelIsRefused() {
    #expect(errors(nestedMenu(levels: 17)) == ["test.toml:19:26: submenus nest more than 16 levels deep"])
  }

  @Test func aHugeDocumentWithManyErrorsStillReportsEachOne() {
    let text = (1...500).map { "[[hotkeys]]\nkey = \"nope\(($0))\"\ninvoke = \"x\"\n" }.joined()
    let found = errors(text)
    #expect(found.count == 500)
    #expect(found.last?.hasPrefix("test.toml:1499:7: bad key 'nope500'") == true)
  }

  @Test func keysNestingDeeperThanAHundredLevelsAreRefusedBeforeParsing() {
    let header = "[" + Array(repeating: "a", count: 200_000).joined(separator: ".") + "]"
    #expect(errors(header) == ["test.toml:1:2: keys nest more than 100 levels deep"])
    let dotted = Array(repeating: "b", count: 101).joined(separator: ".") + " = 1"
    #expect(errors(dotted) == ["test.toml:1:1: keys nest more than 100 levels deep"])
    let arrays = "x = " + String(repeating: "[", count: 300_000)
    #expect(errors(arrays) == ["test.toml:1:105: keys nest more than 100 levels deep"])
  }
}
