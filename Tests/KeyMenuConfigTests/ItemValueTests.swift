import KeyMenuConfig
import Testing

/// `value = "..."` on a configured menu item: what `menu.show` answers
/// besides the title (whiptail's tag); not on a submenu, which is not chosen.
@Suite struct ItemValueTests {
  @Test func anItemKeepsItsValueAndOneWithoutHasNone() throws {
    let config = try load(
      """
      [menus.net]
      items = [
        { title = "Wired", value = "eth0", invoke = "up" },
        { title = "Off", invoke = "down" },
      ]
      """)
    let items = try #require(config.menus.first?.items)
    #expect(items.map(\.value) == ["eth0", nil])
  }

  @Test func aSubmenuTakesNoValueAndAValueIsAString() {
    #expect(
      errors(
        """
        [menus.a]
        items = [{ title = "More", value = "m", items = [{ title = "X", invoke = "x" }] }]
        [menus.b]
        items = [{ title = "Y", value = 3, invoke = "y" }]
        """) == [
          "test.toml:2:36: a submenu is not chosen: give its items a value instead",
          "test.toml:4:33: value must be a string, not an integer",
        ])
  }
}
