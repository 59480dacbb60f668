import KeyMenuCore
import KeyMenuPluginAPI
import MenusPlugin
import Testing

/// An item's long action (issue 32): OK tapped on it chooses it on the way
/// up; held past the threshold, its long action runs and the menu stays;
/// items without one choose on the way down as before.
@Suite struct MenuLongPressTests {
  static let recordings: Menu = {
    var movie = MenuItem.action("Movie", selector: "play-movie")
    movie.longSelector = "movie-context"
    return Menu(title: "Recordings", items: [movie, .action("News", selector: "play-news")])
  }()

  @Test func aTapChoosesOnTheWayUp() {
    var menu = MenuMachine(Self.recordings)
    #expect(menu.handle(key("OK")) == (true, [.holding]))
    #expect(menu.isOpen)
    #expect(menu.handle(key("OK", .repeat)) == (true, []), "repeats are holding")
    #expect(
      menu.handle(key("OK", .up)).effects == [
        .invoke(selector: "play-movie", title: "Movie", path: ["Recordings"]), .closed(.chose),
      ])
    #expect(menu.longPressed().isEmpty, "a late timer does nothing")
  }

  @Test func heldPastTheThresholdItsLongActionRunsAndTheMenuStays() {
    var menu = MenuMachine(Self.recordings)
    _ = menu.handle(key("ENTER"))
    #expect(
      menu.longPressed() == [.invokeLong(selector: "movie-context", title: "Movie", path: ["Recordings"])])
    #expect(menu.isOpen)
    #expect(menu.handle(key("ENTER", .up)) == (true, []), "the release does nothing more")
    #expect(menu.handle(key("DOWN")).effects == [.highlight(1)])
  }

  @Test func anotherKeyCallsTheHoldOff() {
    var menu = MenuMachine(Self.recordings)
    _ = menu.handle(key("OK"))
    #expect(menu.handle(key("DOWN")).effects == [.highlight(1)])
    #expect(menu.handle(key("OK", .up)) == (true, []))
    #expect(menu.longPressed().isEmpty)
    #expect(menu.isOpen)
  }

  @Test func itemsWithoutALongActionChooseOnTheWayDown() {
    var menu = MenuMachine(Self.recordings)
    _ = menu.handle(key("DOWN"))
    #expect(
      menu.handle(key("OK")).effects == [
        .invoke(selector: "play-news", title: "News", path: ["Recordings"]), .closed(.chose),
      ])
  }

  @Test func rightAndDigitsChooseAtOnce() {
    var menu = MenuMachine(Self.recordings)
    #expect(
      menu.handle(key("RIGHT")).effects.first
        == .invoke(selector: "play-movie", title: "Movie", path: ["Recordings"]))
    var again = MenuMachine(Self.recordings)
    #expect(
      again.handle(key("1")).effects.first
        == .invoke(selector: "play-movie", title: "Movie", path: ["Recordings"]))
  }
}
