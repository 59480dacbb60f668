import KeyMenuCore
import KeyMenuProtocol
import KeyMenuTestKit
import Testing

/// Issue 35: the system's own questions (`prompt.show` with `system`, as
/// keymenu-ask-password asks for an encrypted volume's passphrase) may come
/// from root only, so that no other client's prompt can pass for one; every
/// client sees the mark, and a client's own prompt never carries it.
@Suite struct SystemQuestionTests {
  let daemon: InProcessDaemon

  init() throws { daemon = try InProcessDaemon(configuration: "") }

  func stack(_ client: InProcessClient, _ id: Int) throws -> [JSONValue] {
    try client.request(id, "state.get")?["result"]?["stack"]?.arrayValue ?? []
  }

  @Test func onlyRootAsksTheSystemsQuestions() throws {
    let driver = try daemon.connect(tier: .drive, uid: 1000)
    let admin = try daemon.connect(tier: .admin, uid: 1001)
    for (client, uid) in [(driver, 1000), (admin, 1001)] {
      let refused = try client.request(1, "prompt.show", ["title": "Passphrase for data:", "system": true])
      #expect(refused?["error"]?["code"] == -32001, "\(String(describing: refused))")
      #expect(refused?["error"]?["data"]?["field"] == "system")
      #expect(refused?["error"]?["message"]?.stringValue?.hasSuffix("this connection is uid \(uid)") == true)
      #expect(try stack(client, 2).isEmpty, "nothing was shown")
    }
    // `system: false` is anyone's prompt, and carries no mark.
    try driver.request(3, "prompt.show", ["title": "System question", "system": false])
    let plain = try stack(driver, 4)
    #expect(plain.count == 1 && plain.first?["system"] == nil, "\(plain)")
  }

  @Test func theRootAgentsQuestionIsMarkedForEveryone() throws {
    let agent = try daemon.connect(tier: .admin, uid: 0)
    let observer = try daemon.connect(tier: .observe, uid: 1001)
    try observer.request(1, "events.subscribe", ["topics": ["dialog"]])
    try agent.request(1, "prompt.show", ["title": "Passphrase for data:", "masked": true, "system": true])
    for client in [agent, observer] {
      #expect(try stack(client, 2).last?["system"] == true)
    }
    #expect(observer.notifications("dialog.shown").first?["params"]?["system"] == true)
    daemon.press(KeyCode(2))  // 1
    daemon.press(.enter)
    #expect(agent.answer(to: 1)?["result"] == ["device": 1, "text": "1"])
  }
}
