import KeyMenuCore
import KeyMenuProtocol
import KeyMenuTestKit
import KeyMenuTestSupport
import Testing

/// What the dialog family relies on, through the daemon's request path:
/// `menu.open` and `menu.show` answer an item's `value`, start at a
/// `highlight`, close by themselves after `timeout_ms` with no key (on the
/// engine's clock, moved by the test), and every cancelled answer says why.
@Suite struct MenuValuesTests {
  static let configuration =
    InProcessConfiguration.text + """

      [menus.net]
      title = "Network"
      items = [
        { title = "Wired", value = "eth0", invoke = "iface.up" },
        { title = "Wi-Fi", value = "wlan0", invoke = "iface.up" },
        { title = "Off", invoke = "iface.down" },
      ]
      """
  let daemon: InProcessDaemon

  init() throws { daemon = try InProcessDaemon(configuration: Self.configuration) }

  /// whiptail's `--menu` with `--default-item`: tags as values, the default
  /// named by its tag.
  static let tagged: JSONValue = [
    "title": "Interface",
    "items": [
      ["title": "Wired", "value": "eth0"], ["separator": true], ["title": "Wi-Fi", "value": "wlan0"],
      ["title": "Modem", "value": "ppp0", "enabled": false], ["title": "Bluetooth"],
    ],
  ]

  func opening(_ extra: [String: JSONValue]) -> JSONValue { Self.tagged.merging(extra) }

  @Test func theChosenItemsValueIsAnsweredAndTheHighlightNamedByAValueComesFirst() throws {
    let client = try daemon.connect(tier: .drive)
    try client.request(1, "menu.open", opening(["highlight": "wlan0"]))
    daemon.press(.enter)
    let result = try #require(client.answer(to: 1)?["result"])
    #expect(result["title"] == "Wi-Fi")
    #expect(result["value"] == "wlan0")
    #expect(result["path"] == ["Interface"])
  }

  @Test func anItemWithoutAValueIsAnsweredWithoutOne() throws {
    let client = try daemon.connect(tier: .drive)
    // The fourth item (from 0, the separator not counted) is Bluetooth.
    try client.request(1, "menu.open", opening(["highlight": 3]))
    daemon.press(.enter)
    let result = try #require(client.answer(to: 1)?["result"])
    #expect(result["title"] == "Bluetooth")
    #expect(result["value"] == nil)
  }

  @Test(arguments: [JSONValue.string("Wi-Fi"), .string("Modem"), .string("nothing"), .int(2), .int(40)])
  func aTitleHighlightsItsItemAndOneNamingNoEnabledItemFallsBack(highlight: JSONValue) throws {
    let client = try daemon.connect(tier: .drive)
    try client.request(1, "menu.open", opening(["highlight": highlight]))
    daemon.press(.enter)
    let expected: JSONValue = highlight == "Wi-Fi" ? "wlan0" : "eth0"
    #expect(client.answer(to: 1)?["result"]?["value"] == expected)
  }

  @Test func aMenuClosesWithReasonTimeoutWhenItsTimePassesWithNoKey() throws {
    let client = try daemon.connect(tier: .drive)
    try client.request(1, "menu.open", opening(["timeout_ms": 3000]))
    daemon.advanceClock(by: .milliseconds(2000))
    daemon.press(.down)
    daemon.advanceClock(by: .milliseconds(2999))
    #expect(client.answer(to: 1) == nil)
    daemon.advanceClock(by: .milliseconds(1))
    #expect(client.answer(to: 1)?["result"] == ["cancelled": true, "reason": "timeout"])
    #expect(try client.request(2, "state.get")?["result"] == ["stack": []])
  }

  @Test func menuShowTakesAHighlightAndATimeoutAndAConfiguredValueIsAnswered() throws {
    let client = try daemon.connect(tier: .drive)
    try client.request(1, "menu.show", ["name": "net", "highlight": "Wi-Fi", "timeout_ms": 500])
    daemon.press(.enter)
    #expect(client.answer(to: 1)?["result"]?["value"] == "wlan0")
    try client.request(2, "menu.show", ["name": "net", "timeout_ms": 500])
    daemon.advanceClock(by: .milliseconds(500))
    #expect(client.answer(to: 2)?["result"] == ["cancelled": true, "reason": "timeout"])
    // The definition is not changed by an instance's options.
    try client.request(3, "menu.show", ["name": "net"])
    daemon.advanceClock(by: .seconds(2))
    daemon.press(.enter)
    #expect(client.answer(to: 3)?["result"]?["value"] == "eth0")
  }

  @Test func aMenuSentInPartsKeepsItsHighlightAndTimeout() throws {
    let client = try daemon.connect(tier: .drive)
    try client.request(
      1, "menu.open", ["title": "Parts", "items": [["title": "one"]], "more": true, "highlight": "two"])
    let appended = try client.request(
      2, "menu.append", ["request": 1, "items": [["title": "two", "value": "2"]], "more": false])
    #expect(appended?["result"] == ["items": 2, "opened": true])
    daemon.press(.enter)
    #expect(client.answer(to: 1)?["result"]?["value"] == "2")
    try client.request(3, "menu.open", ["title": "Parts", "items": [], "more": true, "timeout_ms": 100])
    try client.request(4, "menu.append", ["request": 3, "items": [["title": "x"]]])
    daemon.advanceClock(by: .milliseconds(100))
    #expect(client.answer(to: 3)?["result"] == ["cancelled": true, "reason": "timeout"])
  }

  @Test func everyCancelledAnswerSaysWhy() throws {
    let client = try daemon.connect(tier: .drive)
    try client.request(1, "menu.open", Self.tagged)
    daemon.press(.escape)
    #expect(client.answer(to: 1)?["result"] == ["cancelled": true, "device": 1, "reason": "escape"])
    try client.request(2, "menu.open", Self.tagged)
    #expect(try client.request(3, "menu.close", ["request": 2])?["result"] != nil)
    #expect(client.answer(to: 2)?["result"] == ["cancelled": true, "reason": "closed"])
    try client.request(4, "menu.show", ["name": "net"])
    daemon.send(.leftCtrl, value: 1)
    daemon.send(.leftAlt, value: 1)
    daemon.press(.escape)
    #expect(client.answer(to: 4)?["result"] == ["cancelled": true, "reason": "dismissed"])
  }

  /// `-32602` naming the member, before anything is shown.
  @Test(
    arguments: [
      (["highlight": -1], "highlight", "must be 0 or more (items are counted from 0)"),
      (
        ["highlight": true], "highlight",
        "expected an item's number (an integer) or its value or title (a string)"
      ),
      (["highlight": "a\u{1b}[2J"], "highlight", "U+001B \(RequestLimits.rule)"),
      (["timeout_ms": 0], "timeout_ms", "must be 1 to 86400000 milliseconds (a day)"),
      (["timeout_ms": 86_400_001], "timeout_ms", "must be 1 to 86400000 milliseconds (a day)"),
      (["timeout_ms": .number(2.5)], "timeout_ms", "expected an integer, found 2.5"),
    ] as [([String: JSONValue], String, String)])
  func badOptionsAreRefusedNamingTheMember(extra: [String: JSONValue], member: String, message: String) throws
  {
    let client = try daemon.connect(tier: .drive)
    let requests: [(Int, String, JSONValue)] = [
      (1, "menu.open", opening(extra)), (2, "menu.show", (["name": "net"] as JSONValue).merging(extra)),
    ]
    for (id, method, params) in requests {
      let error = try client.request(id, method, params)?["error"]
      #expect(error?["code"] == -32602, "\(method)")
      #expect(error?["message"] == .string("invalid params: \(member): \(message)"), "\(method)")
      #expect(error?["data"] == ["field": .string(member)], "\(method)")
    }
    #expect(try client.request(3, "state.get")?["result"] == ["stack": []])
  }

  @Test(
    arguments: [
      ([["title": "a", "value": "x\u{202E}y"]], "items.[0].value", "U+202E \(RequestLimits.rule)"),
      (
        [["title": "a", "value": .string(String(repeating: "v", count: 1025))]], "items.[0].value",
        "longer than 1024 bytes"
      ),
      (
        [["title": "a"], ["separator": true, "value": "v"]], "items.[1]",
        "a separator has no title, key, value or items"
      ),
      (
        [["title": "sub", "value": "v", "items": [["title": "a"]]]], "items.[0].value",
        "a submenu is not chosen: give its items values"
      ),
    ] as [(JSONValue, String, String)])
  func badValuesAreRefusedNamingTheItem(items: JSONValue, member: String, message: String) throws {
    let client = try daemon.connect(tier: .drive)
    let error = try client.request(1, "menu.open", ["title": "T", "items": items])?["error"]
    #expect(error?["message"] == .string("invalid params: \(member): \(message)"))
    #expect(error?["data"] == ["field": .string(member)])
  }
}

extension RequestLimits {
  /// What follows the character in a refusal of a forbidden one.
  static let rule = "is not allowed (control and bidi-override characters are refused)"
}
