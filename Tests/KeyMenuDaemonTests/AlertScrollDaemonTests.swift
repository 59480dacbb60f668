import KeyMenuCore
import KeyMenuProtocol
import KeyMenuTestKit
import Testing

/// Issue 28, finding 9, in the daemon: the end of an 1,000-line message (16 KiB, the most an alert takes) is
/// reached with End, and every presenter is told where the message starts.
@Suite struct AlertScrollDaemonTests {
  @Test func endReachesTheLastLinesAndSubscribersAreTold() throws {
    let daemon = try InProcessDaemon(configuration: "")
    let client = try daemon.connect(tier: .drive)
    let observer = try daemon.connect(tier: .observe, uid: 1001)
    try observer.request(1, "events.subscribe", ["topics": ["alert"]])
    let message = (1...1000).map { "line \($0)" }.joined(separator: "\n")
    try client.request(1, "alert.show", ["title": "Log", "message": .string(message), "buttons": ["OK"]])
    daemon.press(KeyCode(107))  // End
    let focus = observer.notifications("alert.focus").map(\.["params"])
    #expect(focus.last??["first_line"] == 990)
    let front = try client.request(2, "state.get")?["result"]?["stack"]?.arrayValue?.last
    #expect(front?["first_line"] == 990)
    daemon.press(KeyCode(102))  // Home
    let back = try client.request(3, "state.get")?["result"]?["stack"]?.arrayValue?.last
    #expect(back?["first_line"] == nil)
    daemon.press(.enter)
    #expect(client.answer(to: 1)?["result"]?["title"] == "OK")
  }
}
