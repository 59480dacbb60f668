import KeyMenuConfig
import KeyMenuPluginAPI
import Testing

/// Configured items' stable names: `MENU.ID`, else `MENU.title-slug` when unique.
@Suite struct StableNameTests {
  func names(_ text: String) throws -> [String] {
    let config = try parse(text).get()
    return config.menus.flatMap { $0.stableNames.values.map(\.rawValue) }.sorted()
  }

  @Test func idsAndUniqueTitlesGiveStableNames() throws {
    #expect(
      try names(
        """
        [menus.box]
        items = [
          { title = "Show IP", invoke = "a" },
          { title = "Restart", id = "restart-player", invoke = "b" },
          { title = "Twice", invoke = "c" },
          { title = "More", items = [ { title = "Twice", invoke = "d" }, { title = "Deep", invoke = "e" } ] },
        ]
        """) == ["box.deep", "box.restart-player", "box.show-ip"])
  }

  @Test func badOrRepeatedIdsAreErrors() {
    #expect(
      errors("[menus.box]\nitems = [ { title = \"A\", id = \"Show IP\", invoke = \"a\" } ]") == [
        "test.toml:2:31: id 'Show IP' must be lowercase letters, digits and single dashes, such as \"show-ip\""
      ])
    #expect(
      errors(
        "[menus.box]\nitems = [ { title = \"A\", id = \"x\", invoke = \"a\" },\n  { title = \"B\", items = [ { title = \"C\", id = \"x\", invoke = \"c\" } ] } ]"
      ) == ["test.toml:3:28: id 'x' is already used in menu 'box' at test.toml:2:11"])
  }
}
