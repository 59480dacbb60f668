import KeyMenuCore
import KeyMenuProtocol
import KeyMenuTestKit
import Testing

/// Issue 28, finding 1: a masked prompt typed on the on-screen keyboard
/// leaked to every observer, key by key (each `dialog.updated` carried the
/// focused key's row and column while the bullets grew). Now what the
/// secret could be rebuilt from (the keyboard's focus, the bullets' count
/// and cursor, the rhythm of the changes) reaches only the client that
/// asked and admin clients: the others see that a masked prompt is up, its
/// title and buttons, and when it ends.
@Suite struct SecretPromptTests {
  let daemon: InProcessDaemon

  init() throws { daemon = try InProcessDaemon(configuration: "") }

  /// Types "cm" on the on-screen keyboard (small letters: `abcdefghij`
  /// over `klmnopqrst`): Right Right OK (c), Down OK (m).
  func typeOnTheKeyboard() {
    daemon.press(.right)
    daemon.press(.right)
    daemon.press(.enter)  // c
    daemon.press(.down)
    daemon.press(.enter)  // m
  }

  /// The front entry of the stack as `client` reads it with `state.get`.
  func front(_ client: InProcessClient, _ id: Int) throws -> JSONValue? {
    try client.request(id, "state.get")?["result"]?["stack"]?.arrayValue?.last
  }

  @Test func onlyTheOwnerAndAdminsSeeTheKeysOfAMaskedPromptTypedOnTheKeyboard() throws {
    let owner = try daemon.connect(tier: .drive, uid: 1000)
    let observer = try daemon.connect(tier: .observe, uid: 1001)
    let otherDriver = try daemon.connect(tier: .drive, uid: 1002)
    let admin = try daemon.connect(tier: .admin, uid: 0)
    for client in [owner, observer, otherDriver, admin] {
      #expect(try client.request(100, "events.subscribe", ["topics": ["dialog", "alert"]])?["result"] != nil)
    }
    try owner.request(1, "prompt.show", ["title": "Wi-Fi password", "masked": true, "keyboard": "always"])
    typeOnTheKeyboard()

    // Mid-typing, state.get: the whole picture for the owner and admins only.
    let ownersView = try front(owner, 2)
    #expect(ownersView?["field"]?["text"] == "••")
    #expect(ownersView?["keyboard"]?["row"] == 1)
    #expect(try front(admin, 2)?["keyboard"]?["column"] == 2)
    for client in [observer, otherDriver] {
      let seen = try front(client, 2)
      #expect(seen?["title"] == "Wi-Fi password")
      #expect(seen?["field"] == ["text": "", "masked": true, "cursor": 0, "max_length": JSONValue.null])
      #expect(seen?["keyboard"] == nil)
    }

    // The owner and admins followed every step: 2 moves, a key, a move, a key.
    for client in [owner, admin] {
      let updates = client.notifications("dialog.updated").map(\.["params"])
      #expect(updates.count == 5)
      #expect(updates.last??["keyboard"]?["row"] == 1)
      #expect(updates.map { $0?["field"]?["text"] } == ["", "", "•", "•", "••"])
    }
    // The others: the prompt came, then nothing at all while it was typed.
    for client in [observer, otherDriver] {
      let shown = client.notifications("dialog.shown").map(\.["params"])
      #expect(shown.count == 1)
      #expect(shown.first??["keyboard"] == nil)
      #expect(shown.first??["field"]?["text"] == "")
      #expect(client.notifications("dialog.updated").isEmpty)
      #expect(client.notifications("state.changed").count == 1)
    }

    daemon.press(.escape)
    #expect(owner.answer(to: 1)?["result"] == ["cancelled": true, "device": 1, "reason": "escape"])
    for client in [observer, otherDriver] {
      #expect(client.notifications("dialog.closed").count == 1)
      let lines = client.takeLines().map { String(decoding: $0, as: UTF8.self) }.joined()
      #expect(!lines.contains("\"row\"") && !lines.contains("•"), "\(lines)")
    }
  }

  @Test func theOwnersAnswerIsTheTextAndOthersNeverSeeIt() throws {
    let owner = try daemon.connect(tier: .drive, uid: 1000)
    let observer = try daemon.connect(tier: .observe, uid: 1001)
    try observer.request(1, "events.subscribe", ["topics": ["dialog"]])
    try owner.request(1, "prompt.show", ["title": "PIN", "masked": true])
    daemon.press(KeyCode(2))  // 1
    daemon.press(KeyCode(3))  // 2
    daemon.press(.enter)
    #expect(owner.answer(to: 1)?["result"] == ["device": 1, "text": "12"])
    // Typed on a keyboard, without the on-screen one: no update either.
    #expect(observer.notifications("dialog.updated").isEmpty)
    #expect(observer.notifications("dialog.shown").count == 1)
    #expect(observer.notifications("dialog.closed").count == 1)
  }

  @Test func anUnmaskedPromptIsSeenByEveryoneAsBefore() throws {
    let owner = try daemon.connect(tier: .drive, uid: 1000)
    let observer = try daemon.connect(tier: .observe, uid: 1001)
    try observer.request(1, "events.subscribe", ["topics": ["dialog"]])
    try owner.request(1, "prompt.show", ["title": "Name", "keyboard": "always"])
    daemon.press(.right)
    daemon.press(.enter)  // b
    let updates = observer.notifications("dialog.updated").map(\.["params"])
    #expect(updates.map { $0?["field"]?["text"] } == ["", "b"])
    #expect(updates.first??["keyboard"]?["column"] == 1)
  }
}
