import KeyMenuProtocol
import KeyMenuTestKit
import KeyMenuTestSupport
import Testing

/// `daemon.status` answered from the result the status board wrote at the
/// last change: each answer carries its own id and the uptime now, and a
/// change (a client connecting, one leaving) is in the next answer.
@Suite struct StatusAnswerTests {
  @Test func eachAnswerHasItsIDAndTheStatusAfterTheLastChange() throws {
    let daemon = try InProcessDaemon(configuration: InProcessConfiguration.text)
    let first = try daemon.connect(tier: .observe)
    let one = try #require(try first.request(41, "daemon.status")?["result"])
    #expect(one["clients"] == 1)
    #expect(one["name"] == "keymenud" && one["version"] != nil && one["plugins"] != nil)
    let second = try daemon.connect(tier: .observe)
    let two = try #require(try second.request(42, "daemon.status")?["result"])
    #expect(two["clients"] == 2, "the connection changed the status, so the answer was written anew")
    second.hangUp()
    // A string id, spliced into the same bytes.
    try first.send(#"{"jsonrpc":"2.0","id":"s-1","method":"daemon.status"}"#)
    daemon.settle()
    let line = try #require(first.takeLines().first)
    #expect(line.starts(with: Array(#"{"id":"s-1","jsonrpc":"2.0","result":{"clients":1,"#.utf8)))
    let parsed = try #require(JSONValue.parse(line.dropLast()))
    let uptimes = [one, two, parsed["result"]].compactMap { $0?["uptime_ms"]?.intValue }
    #expect(uptimes.count == 3 && uptimes == uptimes.sorted(), "the uptime is filled in per answer")
    // The same bytes the typed result writes.
    var expected = try parsed["result"].map { try $0.decoded(as: DaemonStatusResult.self) }
    expected?.uptimeMilliseconds = uptimes[2]
    #expect(line == expected.map { RPCOutgoing.resultLine(id: .string("s-1"), encoding: $0) })
  }
}
