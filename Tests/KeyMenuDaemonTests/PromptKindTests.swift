import KeyMenuCore
import KeyMenuProtocol
import KeyMenuTestKit
import Testing

/// The prompt kind (Plugins/Prompt) in the real core: typed on a keyboard
/// as the input loop delivers keys, answered with the text or cancelled,
/// hidden under a newer alert and back exactly as it was, masked on every
/// path but the answer, and ended with its client.
@Suite struct PromptKindTests {
  let daemon: InProcessDaemon

  init() throws { daemon = try InProcessDaemon(configuration: "") }

  static let a = KeyCode(30)
  static let b = KeyCode(48)
  static let d = KeyCode(32)
  static let x = KeyCode(45)
  static let one = KeyCode(2)

  /// The dialog entries of the modal stack, as `state.get` gives them.
  func stack(_ client: InProcessClient, id: Int) throws -> [JSONValue] {
    try client.request(id, "state.get")?["result"]?["stack"]?.arrayValue ?? []
  }

  @Test func typedTextIsTheAnswerOfEnter() throws {
    let client = try daemon.connect(tier: .drive)
    #expect(try client.request(1, "prompt.show", ["title": "Name?", "text": "x"]) == nil)
    daemon.press(Self.a)
    daemon.send(.leftShift, value: 1)
    daemon.press(Self.d)
    daemon.send(.leftShift, value: 0)
    daemon.press(Self.one)
    daemon.press(.left)
    daemon.press(KeyCode(14))  // KEY_BACKSPACE
    #expect(client.answer(to: 1) == nil)
    daemon.press(.enter)
    #expect(client.answer(to: 1) == ["jsonrpc": "2.0", "id": 1, "result": ["device": 1, "text": "xa1"]])
    #expect(try stack(client, id: 2).isEmpty)
  }

  @Test func escapeCancelsIt() throws {
    let client = try daemon.connect(tier: .drive)
    try client.request(1, "prompt.show", ["title": "Name?"])
    daemon.press(Self.a)
    daemon.press(.escape)
    #expect(client.answer(to: 1)?["result"] == ["cancelled": true, "device": 1, "reason": "escape"])
  }

  @Test func anAlertOverItHidesItAndItComesBackExactlyAsItWas() throws {
    let client = try daemon.connect(tier: .drive)
    let other = try daemon.connect(tier: .drive)
    try client.request(1, "prompt.show", ["title": "Name?", "message": "As on the door", "max_length": 8])
    daemon.press(Self.a)
    daemon.press(Self.b)
    daemon.press(.left)
    let before = try stack(client, id: 2)
    #expect(before.count == 1)
    #expect(before.first?["kind"] == "dialog")
    #expect(before.first?["dialog"] == "prompt")
    #expect(before.first?["field"] == ["text": "ab", "masked": false, "cursor": 1, "max_length": 8])
    try other.request(1, "alert.show", ["title": "Sure?", "buttons": ["No", "Yes"], "cancel": 0])
    let covered = try stack(client, id: 3)
    #expect(covered.count == 2)
    #expect(covered.last?["kind"] == "alert")
    // Keys go to the alert in front, not to the prompt under it.
    daemon.press(Self.x)
    daemon.press(.escape)
    #expect(other.answer(to: 1)?["result"] == ["button": 0, "device": 1, "reason": "escape", "title": "No"])
    #expect(client.answer(to: 1) == nil)
    #expect(try stack(client, id: 4) == before)
    daemon.press(Self.x)
    daemon.press(.enter)
    #expect(client.answer(to: 1)?["result"] == ["device": 1, "text": "axb"])
  }

  @Test func aMaskedTextReachesNoSubscriberOnlyTheCaller() throws {
    let client = try daemon.connect(tier: .drive)
    let observer = try daemon.connect(tier: .admin)
    try observer.request(1, "events.subscribe", ["topics": ["dialog"]])
    try client.request(1, "prompt.show", ["title": "Wi-Fi password", "masked": true])
    daemon.press(Self.a)
    daemon.press(Self.b)
    daemon.press(.enter)
    #expect(client.answer(to: 1)?["result"] == ["device": 1, "text": "ab"])
    // As docs/PROTOCOL.md shows them.
    let shown = observer.notifications("dialog.shown").map(\.jsonText)
    #expect(
      shown == [
        #"{"jsonrpc":"2.0","method":"dialog.shown","params":{"buttons":["OK","Cancel"],"cancel":1,"dialog":"prompt","field":{"cursor":0,"masked":true,"max_length":null,"text":""},"focus":null,"id":"prompt-1","kind":"dialog","text":null,"title":"Wi-Fi password"}}"#
      ])
    let updated = observer.notifications("dialog.updated").map { $0["params"]?["field"]?["text"] }
    #expect(updated == ["•", "••"])
    #expect(observer.notifications("dialog.closed").first?["params"] == ["id": "prompt-1"])
    let everything = observer.notifications().map(\.jsonText).joined()
    #expect(!everything.contains("\"ab\"") && !everything.contains("\"a\""), "\(everything)")
  }

  @Test func aClientThatGoesTakesItsPromptWithIt() throws {
    let client = try daemon.connect(tier: .drive)
    let observer = try daemon.connect(tier: .observe)
    try observer.request(1, "events.subscribe", ["topics": ["dialog"]])
    try client.request(1, "prompt.show", ["title": "Gone soon"])
    client.hangUp()
    #expect(observer.notifications("dialog.closed").count == 1)
    #expect(try stack(observer, id: 2).isEmpty)
    // The keys go on past where it was.
    daemon.press(Self.a)
    #expect(observer.notifications("dialog.updated").isEmpty)
  }

  @Test func dismissEndsTheCallersOwnPromptOnly() throws {
    let owner = try daemon.connect(tier: .drive)
    let other = try daemon.connect(tier: .drive)
    try owner.request(1, "prompt.show", ["title": "Mine"])
    let refused = try other.request(1, "prompt.dismiss", ["request": 1])
    #expect(refused?["error"]?["code"] == .int(RPCError.notFound("").code))
    #expect(try owner.request(2, "prompt.dismiss", ["request": 1])?["result"] == ["dismissed": "prompt-1"])
    #expect(owner.answer(to: 1)?["result"] == ["cancelled": true, "reason": "dismissed"])
    #expect(try owner.request(3, "prompt.dismiss", ["id": "prompt-1"])?["error"]?["code"] != nil)
  }

  @Test func theParamsAndTheTierAreChecked() throws {
    let observer = try daemon.connect(tier: .observe)
    #expect(try observer.request(1, "prompt.show", ["title": "No"])?["error"]?["code"] == -32001)
    let client = try daemon.connect(tier: .drive)
    let bad = try client.request(2, "prompt.show", ["title": "Bad\u{1B}[2J"])
    #expect(bad?["error"]?["data"]?["field"] == "title")
    let zero = try client.request(3, "prompt.show", ["title": "T", "max_length": 0])
    #expect(zero?["error"]?["data"]?["field"] == "max_length")
    let long = try client.request(4, "prompt.show", ["title": "T", "text": "abc", "max_length": 2])
    #expect(long?["error"]?["data"]?["field"] == "text")
    let newline = try client.request(5, "prompt.show", ["title": "T", "text": "a\nb"])
    #expect(newline?["error"]?["data"]?["field"] == "text")
    #expect(try stack(client, id: 6).isEmpty)
  }
}

/// The prompt plugin off and on again, like any modal kind.
@Suite struct PromptKindSwitchTests {
  static let off = """
    [plugins.prompt]
    enabled = false
    """

  @Test func offItIsMinus32601NamingItAndAReloadBringsItBack() throws {
    let daemon = try InProcessDaemon(configuration: Self.off)
    let client = try daemon.connect(tier: .drive)
    let refused = try client.request(1, "prompt.show", ["title": "T"])
    #expect(refused?["error"]?["code"] == -32601)
    #expect(refused?["error"]?["message"]?.stringValue?.contains("[plugins.prompt]") == true)
    _ = try daemon.reload(configuration: "").get()
    #expect(try client.request(2, "prompt.show", ["title": "T"]) == nil)
    daemon.press(.enter)
    #expect(client.answer(to: 2)?["result"] == ["device": 1, "text": ""])
  }

  @Test func disablingItByAReloadDismissesWhatItShows() throws {
    let daemon = try InProcessDaemon(configuration: "")
    let client = try daemon.connect(tier: .drive)
    try client.request(1, "prompt.show", ["title": "T"])
    _ = try daemon.reload(configuration: Self.off).get()
    #expect(client.answer(to: 1)?["result"] == ["cancelled": true, "reason": "dismissed"])
    #expect(try client.request(2, "state.get")?["result"] == ["stack": []])
  }
}
