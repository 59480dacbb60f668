/// What one subscriber received, by notification: the subscriber benchmark's
/// proof that every event reached every subscriber.
struct EventTally: Equatable {
  var menuOpened = 0
  var menuClosed = 0
  var alertShown = 0
  var alertAnswered = 0
  var stateChanged = 0
  /// Lines that are none of the above (other notifications, answers).
  var other = 0

  var total: Int { menuOpened + menuClosed + alertShown + alertAnswered + stateChanged + other }

  /// What a subscriber to `alert` and `menu` receives for `menus`
  /// menu.open + menu.close pairs and `alerts` alert.show + alert.dismiss pairs.
  static func expected(menus: Int, alerts: Int) -> EventTally {
    EventTally(
      menuOpened: menus, menuClosed: menus, alertShown: alerts, alertAnswered: alerts,
      stateChanged: 2 * (menus + alerts))
  }

  /// Counts one line from the daemon.
  mutating func count(_ line: ArraySlice<UInt8>) {
    let name = Self.method(in: line)
    if name.elementsEqual(Self.stateChangedName) {
      stateChanged += 1
    } else if name.elementsEqual(Self.menuOpenedName) {
      menuOpened += 1
    } else if name.elementsEqual(Self.menuClosedName) {
      menuClosed += 1
    } else if name.elementsEqual(Self.alertShownName) {
      alertShown += 1
    } else if name.elementsEqual(Self.alertAnsweredName) {
      alertAnswered += 1
    } else {
      other += 1
    }
  }

  var description: String {
    "menu.opened \(menuOpened), menu.closed \(menuClosed), alert.shown \(alertShown), "
      + "alert.answered \(alertAnswered), state.changed \(stateChanged), other lines \(other)"
  }

  private static let menuOpenedName = Array("menu.opened".utf8)
  private static let menuClosedName = Array("menu.closed".utf8)
  private static let alertShownName = Array("alert.shown".utf8)
  private static let alertAnsweredName = Array("alert.answered".utf8)
  private static let stateChangedName = Array("state.changed".utf8)
  private static let methodKey = Array(#""method":""#.utf8)

  /// The value of the `"method"` member if it is among the line's first 64
  /// bytes (the daemon sorts keys: `{"jsonrpc":"2.0","method":"...`), else empty.
  private static func method(in line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    let head = line.prefix(64)
    var index = head.startIndex
    while index + methodKey.count <= head.endIndex {
      if head[index..<index + methodKey.count].elementsEqual(methodKey) {
        let start = index + methodKey.count
        let end = head[start...].firstIndex(of: UInt8(ascii: "\"")) ?? start
        return head[start..<end]
      }
      index += 1
    }
    return []
  }
}
