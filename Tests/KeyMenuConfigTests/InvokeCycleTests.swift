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

  /// Issue 28, finding 8: an alert whose timeout chooses its cancel button,
  /// whose action leads back to the item that shows it, shows it again and
  /// again with nobody there (it looped at ~420 alerts/s with timeout_ms = 1).
  @Test func anAlertWhoseTimeoutInvokesTheItemThatShowsItIsAnError() {
    #expect(
      errors(
        """
        [menus.box]
        items = [ { title = "Ask", alert = { title = "Again?", buttons = [{ title = "Later", invoke = "box.ask" }, "Now"], cancel = 0, timeout_ms = 1 } } ]
        """) == [
          "test.toml:2:141: invoke cycle through a timeout box.ask (its alert's timeout chooses 'Later') -> box.ask:"
            + " once chosen, it would show its alert again and again by itself, each time the timeout passes;"
            + " break the cycle (drop timeout_ms, or the cancel button's action)"
        ])
  }

  @Test func aCycleThroughATimeoutAndAnotherItemNamesThePath() {
    #expect(
      errors(
        """
        [menus.box]
        items = [
          { title = "Ask", alert = { title = "Q", buttons = [{ title = "Later", invoke = "box.again" }], cancel = 0, timeout_ms = 500 } },
          { title = "Again", invoke = "box.ask" },
        ]
        """) == [
          "test.toml:3:123: invoke cycle through a timeout box.ask (its alert's timeout chooses 'Later') -> box.again"
            + " -> box.ask (box.again at test.toml:4:31): once chosen, it would show its alert again and again by"
            + " itself, each time the timeout passes; break the cycle (drop timeout_ms, or the cancel button's action)"
        ])
  }

  @Test func aCycleThroughNestedTimeoutsIsFound() {
    let found = errors(
      """
      [menus.box]
      items = [ { title = "Ask", alert = { title = "Q", buttons = [{ title = "Wait", alert = { title = "Sure?", buttons = [{ title = "No", invoke = "box.ask" }], cancel = "No", timeout_ms = 10 } }], cancel = 0, timeout_ms = 10 } } ]
      """)
    #expect(found.count == 1)
    #expect(
      found.first?.contains("box.ask (its alert's timeout chooses 'Wait', then 'No') -> box.ask:") == true,
      "\(found)")
  }

  /// What a person chooses is never a cycle: pressing Retry again and again
  /// is what Retry is for.
  @Test func followUpsAPersonMustChooseAreFine() throws {
    let config = try load(
      """
      [menus.box]
      items = [
        { title = "No timeout", alert = { title = "Q", buttons = [{ title = "Retry", invoke = "box.no-timeout" }], cancel = 0 } },
        { title = "No cancel", alert = { title = "Q", buttons = [{ title = "Retry", invoke = "box.no-cancel" }], timeout_ms = 1 } },
        { title = "Other button", alert = { title = "Q", buttons = ["Stop", { title = "Retry", invoke = "box.other-button" }], cancel = 0, timeout_ms = 1 } },
        { title = "Menu", alert = { title = "Q", buttons = [{ title = "Open", menu = "box" }], cancel = 0, timeout_ms = 1 } },
      ]
      """)
    #expect(config.menus.count == 1)
  }
}
