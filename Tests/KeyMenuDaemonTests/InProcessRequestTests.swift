import KeyMenuProtocol
import KeyMenuTestKit
import KeyMenuTestSupport
import Testing

/// Request routing in the real core, clients on `EmbeddedChannel`s
/// (``InProcessDaemon``): what the protocol layer refuses and what the core
/// answers, with the codes and messages of docs/PROTOCOL.md.
@Suite struct InProcessRequestTests {
  let daemon: InProcessDaemon

  init() throws { daemon = try InProcessDaemon(configuration: InProcessConfiguration.text) }

  @Test func anUnknownMethodIsNotFound() throws {
    let client = try daemon.connect(tier: .admin)
    let error = try #require(try client.request(33, "alert.ring")?["error"])
    #expect(error["code"] == -32601)
    #expect(error["message"] == "method not found: alert.ring")
    // The connection stays open and is still answered.
    #expect(client.isConnected)
    #expect(try client.request(34, "hello")?["result"]?["tier"] == "admin")
  }

  @Test func badParamsNameTheMember() throws {
    let client = try daemon.connect(tier: .drive)
    let wrongType = try #require(try client.request(36, "alert.show", ["title": 7])?["error"])
    #expect(wrongType["code"] == -32602)
    #expect(wrongType["message"] == "invalid params: title: expected a string")
    #expect(wrongType["data"] == ["field": "title"])
    let noButton = try #require(
      try client.request(35, "alert.show", ["title": "x", "buttons": ["A"], "cancel": 3])?["error"])
    #expect(noButton["code"] == -32602)
    #expect(noButton["message"] == "invalid params: cancel: no button 3")
    let notAnObject = try #require(try client.request(1, "alert.show", ["x"])?["error"])
    #expect(notAnObject == ["code": -32602, "message": "invalid params: expected an object"])
    // Nothing was shown.
    #expect(try client.request(2, "state.get")?["result"] == ["stack": []])
  }

  @Test func aLineThatIsNotJSONIsAParseErrorWithANullID() throws {
    let client = try daemon.connect(tier: .observe)
    try client.send("this is not json")
    daemon.settle()
    let lines = client.takeLines().map { String(decoding: $0, as: UTF8.self) }
    #expect(
      lines == [
        #"{"error":{"code":-32700,"message":"parse error: the line is not valid JSON"},"id":null,"jsonrpc":"2.0"}"#
          + "\n"
      ])
  }

  @Test func aMethodAboveTheTierIsRefused() throws {
    let observer = try daemon.connect(tier: .observe, uid: 65534)
    let error = try #require(try observer.request(2, "alert.show", ["title": "Hi"])?["error"])
    #expect(error["code"] == -32001)
    #expect(error["message"] == "alert.show needs the drive tier; this connection is observe")
    #expect(error["data"] == ["needs": "drive", "tier": "observe"])
    let driver = try daemon.connect(tier: .drive)
    let reload = try #require(try driver.request(4, "config.reload")?["error"])
    #expect(reload["code"] == -32001)
    #expect(reload["data"] == ["needs": "admin", "tier": "drive"])
    let keys = try #require(
      try observer.request(3, "events.subscribe", ["topics": ["alert", "keys"]])?["error"])
    #expect(keys["message"] == "topic keys needs the admin tier; this connection is observe")
    // Refused, nothing was shown or subscribed; observe methods still work.
    #expect(try observer.request(5, "state.get")?["result"] == ["stack": []])
  }

  @Test func aPluginOnlyMethodIsRefusedToASocketClient() throws {
    let client = try daemon.connect(tier: .admin)
    let refused = try #require(try client.request(1, "selector.wrap", ["selector": "x", "mode": "before"]))
    #expect(refused["error"]?["code"] == -32601)
    #expect(refused["error"]?["message"] == "selector.wrap is for external plugins only (docs/PLUGINS.md)")
    // A plugin's connection reaches the method (and is told the selector does not exist).
    let plugin = try daemon.connect(tier: .drive, pluginName: "probe")
    let missing = try #require(try plugin.request(1, "selector.wrap", ["selector": "x", "mode": "before"]))
    #expect(missing["error"]?["code"] == -32004)
  }

  @Test func helloTellsTheTier() throws {
    let observer = try daemon.connect(tier: .observe)
    let hello = try #require(try observer.request(1, "hello")?["result"])
    #expect(hello["tier"] == "observe")
    #expect(hello["protocol"] == 1)
    #expect(hello["capabilities"]?.arrayValue?.contains("alert.show") == false)
    #expect(hello["capabilities"]?.arrayValue?.contains("state.get") == true)
  }
}
