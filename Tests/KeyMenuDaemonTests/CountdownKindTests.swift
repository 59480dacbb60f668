import Foundation
import KeyMenuBuiltins
import KeyMenuConfig
import KeyMenuCore
import KeyMenuEvdev
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuTestKit
import KeyMenuTestSupport
import Testing

@testable import KeyMenuDaemon

/// The example modal kind (Plugins/Countdown) in the real core: its methods
/// reach it through what its descriptor declares, its notice is an alert on
/// the modal stack, it ends with its client, and nothing of it is written
/// into the daemon.
@Suite struct CountdownKindTests {
  static let enabled = """
    [plugins.countdown]
    enabled = true
    """
  let daemon: InProcessDaemon

  init() throws { daemon = try InProcessDaemon(configuration: Self.enabled) }

  @Test func itIsAnsweredFinishedWhenItsTimeIsUp() throws {
    let client = try daemon.connect(tier: .drive)
    let observer = try daemon.connect(tier: .observe)
    try observer.request(1, "events.subscribe", ["topics": ["alert"]])
    #expect(try client.request(3, "countdown.start", ["title": "Leaving", "seconds": 5]) == nil)
    let shown = observer.notifications("alert.shown")
    #expect(shown.first?["params"]?["title"] == "Leaving")
    #expect(shown.first?["params"]?["message"] == "Closes by itself in 5 seconds.")
    #expect(shown.first?["params"]?["buttons"] == ["Cancel"])
    daemon.advanceClock(by: .milliseconds(4999))
    #expect(client.answer(to: 3) == nil)
    daemon.advanceClock(by: .milliseconds(1))
    #expect(client.answer(to: 3) == ["jsonrpc": "2.0", "id": 3, "result": ["finished": true]])
    #expect(try client.request(4, "state.get")?["result"] == ["stack": []])
  }

  @Test func itsButtonOrEscapeCancelsIt() throws {
    let client = try daemon.connect(tier: .drive)
    try client.request(1, "countdown.start", ["title": "Shutting down", "seconds": 60, "button": "Stay"])
    daemon.press(.escape)
    #expect(client.answer(to: 1)?["result"] == ["cancelled": true, "reason": "escape"])
    try client.request(2, "countdown.start", ["title": "Again", "seconds": 60])
    daemon.press(.enter)
    #expect(client.answer(to: 2)?["result"] == ["cancelled": true, "reason": "key"])
  }

  @Test func stopEndsTheCallersOwnCountdownOnly() throws {
    let owner = try daemon.connect(tier: .drive)
    let other = try daemon.connect(tier: .drive)
    try owner.request(1, "countdown.start", ["title": "Mine", "seconds": 60])
    let refused = try other.request(1, "countdown.stop", ["request": 1])
    #expect(refused?["error"]?["code"] == .int(RPCError.notFound("").code))
    #expect(try owner.request(2, "countdown.stop", ["request": 1])?["result"] == ["stopped": true])
    #expect(owner.answer(to: 1)?["result"] == ["cancelled": true, "reason": "dismissed"])
    // Stopped once: a second stop finds nothing.
    #expect(try owner.request(3, "countdown.stop", ["request": 1])?["error"]?["code"] != nil)
  }

  @Test func aClientThatGoesTakesItsCountdownWithIt() throws {
    let client = try daemon.connect(tier: .drive)
    let observer = try daemon.connect(tier: .observe)
    try observer.request(1, "events.subscribe", ["topics": ["alert"]])
    try client.request(1, "countdown.start", ["title": "Gone soon", "seconds": 60])
    client.hangUp()
    #expect(observer.notifications("alert.answered").first?["params"]?["reason"] == "dismissed")
    #expect(try observer.request(2, "state.get")?["result"] == ["stack": []])
  }

  @Test func theDaemonChecksWhatTheDeclarationSays() throws {
    let observer = try daemon.connect(tier: .observe)
    // The tier its declaration gives.
    let forbidden = try observer.request(1, "countdown.start", ["title": "No", "seconds": 1])
    #expect(forbidden?["error"]?["code"] == -32001)
    let client = try daemon.connect(tier: .drive)
    // Answered later: it needs an id, and one not already waiting.
    try client.send(#"{"jsonrpc":"2.0","method":"countdown.start","params":{"title":"A","seconds":9}}"#)
    try client.request(5, "countdown.start", ["title": "B", "seconds": 9])
    let reused = try client.request(5, "countdown.start", ["title": "C", "seconds": 9])
    #expect(reused?["error"]?["code"] == -32600)
    #expect(try client.request(6, "state.get")?["result"]?["stack"]?.arrayValue?.count == 1)
    // Its own params checks.
    let bad = try client.request(7, "countdown.start", ["title": "Bad\u{1B}[2J", "seconds": 9])
    #expect(bad?["error"]?["data"]?["field"] == "title")
    let long = try client.request(8, "countdown.start", ["title": "Long", "seconds": 86_401])
    #expect(long?["error"]?["data"]?["field"] == "seconds")
  }

  @Test func helloListsItsMethodsForTheTiersThatMayCallThem() throws {
    let driver = try daemon.connect(tier: .drive)
    let observer = try daemon.connect(tier: .observe)
    let driven = try driver.request(1, "hello")?["result"]?["capabilities"]?.arrayValue ?? []
    let observed = try observer.request(1, "hello")?["result"]?["capabilities"]?.arrayValue ?? []
    #expect(driven.contains("countdown.start") && driven.contains("countdown.stop"))
    #expect(!observed.contains("countdown.start"))
  }

  @Test func offItIsMinus32601NamingItAndAReloadBringsItBack() throws {
    let off = try InProcessDaemon(configuration: "")
    let client = try off.connect(tier: .drive)
    let refused = try client.request(1, "countdown.start", ["title": "T", "seconds": 1])
    #expect(refused?["error"]?["code"] == -32601)
    #expect(refused?["error"]?["message"]?.stringValue?.contains("[plugins.countdown]") == true)
    _ = try off.reload(configuration: Self.enabled).get()
    #expect(try client.request(2, "countdown.start", ["title": "T", "seconds": 1]) == nil)
    off.advanceClock(by: .seconds(1))
    #expect(client.answer(to: 2)?["result"] == ["finished": true])
  }

  @Test func aHotkeyCarriesOutItsConfigurationAction() throws {
    let configured = try InProcessDaemon(
      configuration: Self.enabled + """

        [[hotkeys]]
        key = "KEY_F5"
        countdown = { title = "Bye", seconds = 3, button = "Stay" }
        """)
    let observer = try configured.connect(tier: .observe)
    try observer.request(1, "events.subscribe", ["topics": ["alert"]])
    configured.press(KeyCode(63))  // KEY_F5
    let shown = observer.notifications("alert.shown").first?["params"]
    #expect(shown?["title"] == "Bye")
    #expect(shown?["buttons"] == ["Stay"])
    configured.advanceClock(by: .seconds(3))
    let answered = observer.notifications("alert.answered").first?["params"]
    #expect(answered?["reason"] == "timeout")
    #expect(answered?["owner"] == "config")
  }

  @Test func aBadConfigurationActionIsAnErrorAtItsPlace() throws {
    let text = """
      [[hotkeys]]
      key = "KEY_F5"
      countdown = { title = "Bye", seconds = 0 }
      """
    let loaded = ConfigurationLoader.parse(
      text: text, file: "k.toml", keyNames: .libevdev, lookup: SystemAccounts.lookup,
      plugins: BuiltinPlugins.catalog.descriptors)
    guard case .failure(let errors) = loaded else {
      Issue.record("a countdown of 0 seconds was accepted")
      return
    }
    #expect(
      errors.all.map(\.description).contains {
        $0.hasPrefix("k.toml:3:") && $0.contains("countdown: seconds: must be 1 to 86400 seconds")
      }, "\(errors.all)")
  }

  /// The kind is the plugin's alone: no source file of the daemon names it.
  @Test func noFileOfTheDaemonNamesIt() throws {
    let directory = TestProcess.fixtures + "/../../Sources/KeyMenuDaemon"
    let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter {
      $0.hasSuffix(".swift")
    }
    #expect(files.count > 10)
    for file in files {
      let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
      #expect(!text.lowercased().contains("countdown"), "\(file) names the countdown kind")
    }
  }
}
