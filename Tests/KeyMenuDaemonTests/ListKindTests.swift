import KeyMenuCore
import KeyMenuProtocol
import KeyMenuTestKit
import Testing

/// The checklist and radiolist kinds (Plugins/Lists) in the real core:
/// marked on a keyboard as the input loop delivers keys, confirmed or
/// cancelled (Esc apart from the Cancel button), hidden under a newer alert
/// and back exactly as they were, ended with their client, their params
/// checked member by member.
@Suite struct ListKindTests {
  let daemon: InProcessDaemon

  init() throws { daemon = try InProcessDaemon(configuration: "") }

  static let space = KeyCode(57)
  static let tab = KeyCode(15)
  static let one = KeyCode(2)
  static let three = KeyCode(4)
  static let x = KeyCode(45)

  static let services: JSONValue = [
    "title": "Start at boot", "message": "Pick the services",
    "items": [
      ["tag": "ssh", "text": "Secure shell", "marked": true], ["tag": "web", "text": "Web server"],
      ["tag": "ftp", "text": "File transfer"],
    ],
  ]

  /// The dialog entries of the modal stack, as `state.get` gives them.
  func stack(_ client: InProcessClient, id: Int) throws -> [JSONValue] {
    try client.request(id, "state.get")?["result"]?["stack"]?.arrayValue ?? []
  }

  @Test func aChecklistToggledWithSpaceAndDigitsAnswersTheCheckedInItemOrder() throws {
    let client = try daemon.connect(tier: .drive)
    #expect(try client.request(1, "checklist.show", Self.services) == nil)
    daemon.press(Self.one)  // ssh off
    daemon.press(.down)
    daemon.press(Self.space)  // web on
    daemon.press(Self.three)  // ftp on
    #expect(client.answer(to: 1) == nil)
    daemon.press(.enter)
    #expect(
      client.answer(to: 1)
        == ["jsonrpc": "2.0", "id": 1, "result": ["marked": [1, 2], "tags": ["web", "ftp"]]])
    #expect(try stack(client, id: 2).isEmpty)
  }

  @Test func aRadiolistAnswersTheMarkedItemByItsTextWhenItHasNoTag() throws {
    let client = try daemon.connect(tier: .drive)
    let params: JSONValue = [
      "title": "Size", "items": [["text": "Small"], ["text": "Medium", "marked": true], ["text": "Large"]],
    ]
    try client.request(1, "radiolist.show", params)
    daemon.press(.down)
    daemon.press(.down)
    daemon.press(Self.space)
    daemon.press(.enter)
    #expect(client.answer(to: 1)?["result"] == ["marked": 2, "tag": "Large"])
    try client.request(2, "radiolist.show", ["title": "None", "items": [["text": "A"]]])
    daemon.press(.enter)
    #expect(client.answer(to: 2)?["result"] == ["marked": nil, "tag": nil])
  }

  @Test func escapeIsToldApartFromTheCancelButton() throws {
    let client = try daemon.connect(tier: .drive)
    try client.request(1, "checklist.show", Self.services)
    daemon.press(Self.tab)
    daemon.press(Self.tab)
    daemon.press(.enter)
    #expect(client.answer(to: 1)?["result"] == ["cancelled": true, "reason": "cancel"])
    try client.request(2, "radiolist.show", Self.services.removingMarks)
    daemon.press(.escape)
    #expect(client.answer(to: 2)?["result"] == ["cancelled": true, "reason": "escape"])
  }

  @Test func anAlertOverItHidesItAndItComesBackExactlyAsItWas() throws {
    let client = try daemon.connect(tier: .drive)
    let other = try daemon.connect(tier: .drive)
    try client.request(1, "checklist.show", Self.services)
    daemon.press(.down)
    daemon.press(Self.space)
    daemon.press(Self.tab)
    let before = try stack(client, id: 2)
    #expect(before.count == 1)
    #expect(before.first?["dialog"] == "checklist")
    #expect(before.first?["focus"] == 0)
    #expect(before.first?["choices"]?["highlight"] == 1)
    try other.request(1, "alert.show", ["title": "Sure?", "buttons": ["No", "Yes"], "cancel": 0])
    #expect(try stack(client, id: 3).last?["kind"] == "alert")
    // Keys go to the alert in front, not to the list under it.
    daemon.press(Self.x)
    daemon.press(Self.three)
    daemon.press(.escape)
    #expect(other.answer(to: 1)?["result"] == ["button": 0, "device": 1, "reason": "escape", "title": "No"])
    #expect(client.answer(to: 1) == nil)
    #expect(try stack(client, id: 4) == before)
    daemon.press(.enter)
    #expect(client.answer(to: 1)?["result"] == ["marked": [0, 1], "tags": ["ssh", "web"]])
  }

  @Test func subscribersSeeTheChoicesAsDocsShowThem() throws {
    let client = try daemon.connect(tier: .drive)
    let observer = try daemon.connect(tier: .observe)
    try observer.request(1, "events.subscribe", ["topics": ["dialog"]])
    try client.request(
      1, "radiolist.show",
      [
        "title": "Size",
        "items": [["tag": "s", "text": "Small"], ["tag": "m", "text": "Medium", "marked": true]],
        "show_tags": false, "no_cancel": true,
      ])
    daemon.press(Self.one)
    daemon.press(.right)
    daemon.press(.enter)
    #expect(client.answer(to: 1)?["result"] == ["marked": 0, "tag": "s"])
    let lines = (observer.notifications("dialog.shown") + observer.notifications("dialog.updated")).map(
      \.jsonText)
    #expect(
      lines == [
        #"{"jsonrpc":"2.0","method":"dialog.shown","params":{"buttons":["OK"],"cancel":null,"choices":{"highlight":0,"items":[{"marked":false,"tag":null,"text":"Small"},{"marked":true,"tag":null,"text":"Medium"}],"marks":"radio"},"dialog":"radiolist","field":null,"focus":null,"id":"radiolist-1","kind":"dialog","text":null,"title":"Size"}}"#,
        #"{"jsonrpc":"2.0","method":"dialog.updated","params":{"buttons":["OK"],"cancel":null,"choices":{"highlight":0,"items":[{"marked":true,"tag":null,"text":"Small"},{"marked":false,"tag":null,"text":"Medium"}],"marks":"radio"},"dialog":"radiolist","field":null,"focus":null,"id":"radiolist-1","kind":"dialog","text":null,"title":"Size"}}"#,
        #"{"jsonrpc":"2.0","method":"dialog.updated","params":{"buttons":["OK"],"cancel":null,"choices":{"highlight":0,"items":[{"marked":true,"tag":null,"text":"Small"},{"marked":false,"tag":null,"text":"Medium"}],"marks":"radio"},"dialog":"radiolist","field":null,"focus":0,"id":"radiolist-1","kind":"dialog","text":null,"title":"Size"}}"#,
      ])
    #expect(observer.notifications("dialog.closed").first?["params"] == ["id": "radiolist-1"])
  }

  @Test func aClientThatGoesTakesItsListsWithIt() throws {
    let client = try daemon.connect(tier: .drive)
    let observer = try daemon.connect(tier: .observe)
    try observer.request(1, "events.subscribe", ["topics": ["dialog"]])
    try client.request(1, "checklist.show", Self.services)
    try client.request(2, "radiolist.show", Self.services.removingMarks)
    client.hangUp()
    #expect(observer.notifications("dialog.closed").count == 2)
    #expect(try stack(observer, id: 2).isEmpty)
    daemon.press(Self.space)
    #expect(observer.notifications("dialog.updated").isEmpty)
  }

  @Test func dismissEndsTheCallersOwnListOnlyAndOnlyOfItsKind() throws {
    let owner = try daemon.connect(tier: .drive)
    let other = try daemon.connect(tier: .drive)
    try owner.request(1, "checklist.show", Self.services)
    try owner.request(2, "radiolist.show", Self.services.removingMarks)
    let refused = try other.request(1, "checklist.dismiss", ["request": 1])
    #expect(refused?["error"]?["code"] == .int(RPCError.notFound("").code))
    let wrongKind = try owner.request(3, "radiolist.dismiss", ["id": "checklist-1"])
    #expect(wrongKind?["error"]?["code"] == .int(RPCError.notFound("").code))
    #expect(
      try owner.request(4, "checklist.dismiss", ["request": 1])?["result"] == ["dismissed": "checklist-1"])
    #expect(owner.answer(to: 1)?["result"] == ["cancelled": true, "reason": "dismissed"])
    #expect(
      try owner.request(5, "radiolist.dismiss", ["id": "radiolist-1"])?["result"] == [
        "dismissed": "radiolist-1"
      ])
    #expect(owner.answer(to: 2)?["result"] == ["cancelled": true, "reason": "dismissed"])
    #expect(try owner.request(6, "checklist.dismiss", ["id": "checklist-1"])?["error"]?["code"] != nil)
  }

  @Test func theParamsAndTheTierAreCheckedNamingTheMember() throws {
    let observer = try daemon.connect(tier: .observe)
    #expect(try observer.request(1, "checklist.show", Self.services)?["error"]?["code"] == -32001)
    let client = try daemon.connect(tier: .drive)
    let item: JSONValue = ["text": "A"]
    let cases: [(JSONValue, String)] = [
      (["items": [item]], "title"),
      (["title": "Bad\u{1B}[2J", "items": [item]], "title"),
      (["title": "T", "items": []], "items"),
      (["title": "T", "items": .array(Array(repeating: item, count: 4097))], "items"),
      (["title": "T", "items": [item, ["text": "B\u{202E}"]]], "items.[1].text"),
      (["title": "T", "items": [["tag": "a\nb", "text": "A"]]], "items.[0].tag"),
      (["title": "T", "items": [["tag": "a"]]], "items.[0].text"),
      (["title": "T", "items": [item], "highlight": 1], "highlight"),
      (["title": "T", "items": [item], "ok": "\u{7}"], "ok"),
      (["title": "T", "items": [item], "message": "a\tb"], "message"),
    ]
    for (number, (params, field)) in cases.enumerated() {
      let answer = try client.request(10 + number, "checklist.show", params)
      #expect(answer?["error"]?["code"] == -32602, "\(field)")
      #expect(answer?["error"]?["data"]?["field"] == .string(field), "\(answer?.jsonText ?? "")")
    }
    let two: JSONValue = [
      "title": "T", "items": [["text": "A", "marked": true], item, ["text": "C", "marked": true]],
    ]
    let refused = try client.request(30, "radiolist.show", two)
    #expect(refused?["error"]?["data"]?["field"] == "items.[2].marked")
    #expect(refused?["error"]?["message"]?.stringValue?.contains("items.[0] is marked already") == true)
    #expect(try client.request(31, "checklist.show", two) == nil, "a checklist marks several")
    daemon.press(.escape)
    #expect(try stack(client, id: 32).isEmpty)
  }
}

extension JSONValue {
  /// List params with no item marked.
  fileprivate var removingMarks: JSONValue {
    guard case .object(var members) = self, let items = members["items"]?.arrayValue else { return self }
    members["items"] = .array(
      items.map { item in
        guard case .object(var fields) = item else { return item }
        fields.removeValue(forKey: "marked")
        return .object(fields)
      })
    return .object(members)
  }
}

/// The lists plugin off and on again, like any modal kind.
@Suite struct ListKindSwitchTests {
  static let off = """
    [plugins.lists]
    enabled = false
    """

  @Test func offItIsMinus32601NamingItAndAReloadBringsItBack() throws {
    let daemon = try InProcessDaemon(configuration: Self.off)
    let client = try daemon.connect(tier: .drive)
    let refused = try client.request(1, "radiolist.show", ["title": "T", "items": [["text": "A"]]])
    #expect(refused?["error"]?["code"] == -32601)
    #expect(refused?["error"]?["message"]?.stringValue?.contains("[plugins.lists]") == true)
    _ = try daemon.reload(configuration: "").get()
    #expect(try client.request(2, "radiolist.show", ["title": "T", "items": [["text": "A"]]]) == nil)
    daemon.press(KeyCode(57))
    daemon.press(.enter)
    #expect(client.answer(to: 2)?["result"] == ["marked": 0, "tag": "A"])
  }

  @Test func disablingItByAReloadDismissesWhatItShows() throws {
    let daemon = try InProcessDaemon(configuration: "")
    let client = try daemon.connect(tier: .drive)
    try client.request(1, "checklist.show", ["title": "T", "items": [["text": "A"]]])
    _ = try daemon.reload(configuration: Self.off).get()
    #expect(client.answer(to: 1)?["result"] == ["cancelled": true, "reason": "dismissed"])
    #expect(try client.request(2, "state.get")?["result"] == ["stack": []])
  }
}
