import KeyMenuConfig
import Testing

/// Configured items that invoke themselves, directly or through others, are
/// refused at load (`keymenud --check`): choosing one would invoke for ever.
@Suite struct InvokeCycleTests {
  @Test func anItemThatInvokesItselfIsAnError() {
    #expect(
      errors(
        """
        [menus.net]
        title = "Network"
        items = [ { title = "Wired", invoke = "net.wired" } ]
        """) == [
          "test.toml:3:39: invoke = \"net.wired\" names this item itself: choosing it would invoke it again "
            + "and again; invoke another selector"
        ])
  }

  @Test func anItemThatInvokesItselfByItsIdIsAnError() {
    #expect(
      errors(
        """
        [menus.net]
        items = [ { title = "Wired", id = "cable", invoke = "net.cable" } ]
        """
      ).count == 1)
  }

  @Test func twoItemsThatInvokeEachOtherAreOneError() {
    #expect(
      errors(
        """
        [menus.net]
        items = [
          { title = "Wired", invoke = "net.wifi" },
          { title = "WiFi", invoke = "net.wired" },
        ]
        """) == [
          "test.toml:3:31: invoke cycle net.wired -> net.wifi -> net.wired (net.wifi at test.toml:4:30): "
            + "choosing any of these items would invoke them in turn for ever; break the cycle"
        ])
  }

  @Test func aCycleAcrossMenusAndSubmenusIsFound() {
    let found = errors(
      """
      [menus.a]
      items = [ { title = "More", items = [ { title = "Go", invoke = "b.go" } ] } ]

      [menus.b]
      items = [ { title = "Go", invoke = "c.go" } ]

      [menus.c]
      items = [ { title = "Go", invoke = "a.go" }, { title = "Into", invoke = "a.go" } ]
      """)
    #expect(found.count == 1)
    #expect(found.first?.hasPrefix("test.toml:2:64: invoke cycle a.go -> b.go -> c.go -> a.go") == true)
  }

  @Test func chainsThatEndAndItemsWithoutAStableNameAreFine() throws {
    // a -> b -> c, which a plugin or client serves; the two "Twice" items
    // have no stable name, so "dup.twice" is nobody's.
    let config = try load(
      """
      [menus.a]
      items = [ { title = "One", invoke = "a.two" }, { title = "Two", invoke = "a.three" },
                { title = "Three", invoke = "player.pause" } ]

      [menus.dup]
      items = [ { title = "Twice", invoke = "dup.twice" }, { title = "Twice", invoke = "dup.twice" } ]
      """)
    #expect(config.menus.count == 2)
  }
}
