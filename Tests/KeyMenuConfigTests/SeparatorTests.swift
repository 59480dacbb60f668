import KeyMenuConfig
import Testing

@Suite struct SeparatorTests {
  @Test func aSeparatorItemEndsASectionAndTakesNoOtherKey() throws {
    let config = try load(
      """
      [menus.power]
      items = [
        { title = "Suspend", invoke = "s" },
        { separator = true },
        { title = "Reboot", invoke = "r" },
      ]
      """)
    let items = try #require(config.menus.first?.items)
    #expect(items.map(\.content) == [.action(.invoke("s")), .separator, .action(.invoke("r"))])
  }

  @Test func aSeparatorMustBeTrueAloneAndAMenuNeedsMoreThanSeparators() {
    #expect(
      errors(
        """
        [menus.a]
        items = [{ separator = false }, { title = "X", invoke = "x" }]
        [menus.b]
        items = [{ separator = true, title = "Line" }]
        [menus.c]
        items = [{ separator = true }]
        """) == [
          "test.toml:2:24: separator can only be true (leave it out for an ordinary item)",
          "test.toml:4:9: a menu needs at least one item besides separators",
          "test.toml:4:30: unknown key 'title' in menu item; known keys: separator",
          "test.toml:6:9: a menu needs at least one item besides separators",
        ])
  }
}
