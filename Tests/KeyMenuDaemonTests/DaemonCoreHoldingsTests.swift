import Foundation
import KeyMenuConfig
import KeyMenuProtocol
import Logging
import NIOCore
import NIOEmbedded
import Testing

@testable import KeyMenuDaemon
@testable import KeyMenuEvdev
@testable import KeyMenuServer

/// Every path that ends what a client holds gives its share back to the
/// per-uid and daemon-wide ledger: an alert answered, timed out or
/// dismissed, a menu closed, chosen or closed by a reload, a defined menu
/// removed or redefined, and all of it when the client disconnects. The
/// real `DaemonCore` runs in process (as the fuzz dispatch harness runs it),
/// its clients on `EmbeddedChannel`s.
@Suite(.serialized) final class DaemonCoreHoldingsTests {
  let directory: String
  let core: DaemonCore
  let control = InputLoopControl(state: InputLoopState(names: .libevdev))
  var nextID = 1

  static let configuration = """
    [menus.box]
    title = "Box"
    items = [ { title = "One", invoke = "x" } ]
    """

  init() throws {
    directory = NSTemporaryDirectory() + "keymenu-holdings-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let file = directory + "/keymenu.toml"
    try Data(Self.configuration.utf8).write(to: URL(fileURLWithPath: file))
    let source = ConfigSource(file: file, dropInDirectory: nil, keyNames: .libevdev)
    guard case .success(let configuration) = source.load() else {
      throw RPCError(code: 0, message: "the test configuration is refused")
    }
    var logger = Logger(label: "keymenu.test")
    logger.logLevel = .critical
    core = DaemonCore(
      configuration: configuration, source: source, mailbox: EngineMailbox(wake: {}),
      status: StatusBoard(version: "test"),
      lifecycle: DaemonLifecycle(notifier: SystemdNotifier(environment: [:]), logger: logger), logger: logger,
      server: nil, onConfigurationApplied: { _ in })
    core.loopStarted(control)
    // Ahead of the real time since the start, which loopWoke advances the clock to.
    core.engine.advance(by: .seconds(1 << 40))
    settle()
  }

  deinit { try? FileManager.default.removeItem(atPath: directory) }

  /// A client that is connected to the core, and the messages it was sent.
  struct Client {
    let handle: ClientHandle
    let channel: EmbeddedChannel

    func received() -> [JSONValue] {
      // ClientHandle writes from a task on the channel's event loop.
      channel.embeddedEventLoop.run()
      var messages: [JSONValue] = []
      while let buffer = try? channel.readOutbound(as: ByteBuffer.self) {
        if let value = JSONValue.parse(Array(buffer.readableBytesView).dropLast()) { messages.append(value) }
      }
      return messages
    }
  }

  func connect(uid: UInt32) -> Client {
    let channel = EmbeddedChannel()
    let handle = ClientHandle(
      id: nextID, credentials: PeerCredentials(pid: 1, uid: uid, gid: uid), tier: .admin,
      outboundLimit: ProtocolLimits.outboundLimitBytes, channel: channel, logger: Logger(label: "test"))
    nextID += 1
    core.clientConnected(handle)
    return Client(handle: handle, channel: channel)
  }

  /// Runs the core's mailbox until it is empty, as the engine thread does after each wake-up.
  func settle() {
    for _ in 0..<10 { _ = core.loopWoke(control) }
  }

  @discardableResult
  func send(_ client: Client, _ id: Int, _ method: String, _ params: JSONValue) -> JSONValue? {
    core.handle(RPCRequest(id: .number(id), method: method, params: params), from: client.handle)
    settle()
    return client.received().last { $0["id"] == .number(Double(id)) }
  }

  func held(_ uid: UInt32) -> HoldingLedger<HoldingKey>.Totals { core.holdings.totals(of: uid) }

  func frontID() -> String? {
    switch core.engine.modalStack.snapshot.front {
    case .alert(let alert)?: alert.id
    case .menu(let menu)?: menu.id
    case nil: nil
    }
  }

  @Test func answeredTimedOutAndDismissedAlertsGiveTheirShareBack() throws {
    let client = connect(uid: 1000)
    send(client, 1, "alert.show", ["title": "Answer me", "buttons": ["No", "Yes"]])
    send(client, 2, "alert.show", ["title": "Time out", "timeout_ms": 500])
    send(client, 3, "alert.show", ["title": "Dismiss me", "message": "m"])
    #expect(held(1000) == .init(waiting: 3, defined: 0, bytes: 9 + 5 + 8 + 10 + 1))
    // Answered: the front alert, by the person (the plugin's answer path).
    #expect(core.alerts.answer(try #require(frontID()), button: 1))
    settle()
    #expect(held(1000).waiting == 2)
    // Timed out: the next one reaches the front and its time passes.
    core.engine.advance(by: .milliseconds(600))
    settle()
    #expect(held(1000) == .init(waiting: 1, defined: 0, bytes: 11))
    // Dismissed by its owner.
    #expect(send(client, 4, "alert.dismiss", ["request": 3])?["result"] != nil)
    #expect(held(1000) == .init())
    #expect(core.holdings.count == 0)
  }

  @Test func closedChosenAndReloadedMenusGiveTheirShareBack() throws {
    let client = connect(uid: 1000)
    send(client, 1, "menu.open", ["title": "T", "items": [["title": "a"], ["title": "b"]]])
    #expect(held(1000) == .init(waiting: 1, defined: 0, bytes: 3))
    #expect(send(client, 2, "menu.close", ["request": 1])?["result"] != nil)
    #expect(held(1000) == .init())
    // A configured menu shown by a client holds a place but no text; a reload closes it.
    #expect(send(client, 3, "menu.show", ["name": "box"]) == nil)
    #expect(held(1000) == .init(waiting: 1, defined: 0, bytes: 0))
    _ = core.reload(reason: "test")
    settle()
    #expect(held(1000) == .init())
    // Closed by the panic chord's path, or the daemon stopping: every menu at once.
    send(client, 4, "menu.open", ["title": "T", "items": [["title": "a"]]])
    core.menus.closeAll()
    settle()
    #expect(core.holdings.count == 0)
  }

  @Test func definedMenusAreCountedOnceAndGiveTheirShareBack() throws {
    let client = connect(uid: 1000)
    send(client, 1, "menu.define", ["name": "n", "title": "T", "items": [["title": "a"]]])
    #expect(held(1000) == .init(waiting: 0, defined: 1, bytes: 3))
    send(client, 2, "menu.define", ["name": "n", "title": "Title", "items": [["title": "ab"]]])
    #expect(held(1000) == .init(waiting: 0, defined: 1, bytes: 8))
    #expect(send(client, 3, "menu.remove", ["name": "n"])?["result"] != nil)
    #expect(held(1000) == .init())
    // A configured name is refused and holds nothing.
    #expect(
      send(client, 4, "menu.define", ["name": "box", "title": "T", "items": [["title": "a"]]])?["error"]?[
        "message"]
        == "invalid params: name: menu box is defined by the configuration")
    #expect(core.holdings.count == 0)
  }

  @Test func aDisconnectedClientsUIDCanHoldAsMuchAgain() throws {
    let limit = ProtocolLimits.maximumWaitingRequests
    var clients: [Client] = []
    var accepted = 0
    var refusal: JSONValue?
    fill: for _ in 0..<5 {
      let client = connect(uid: 1000)
      clients.append(client)
      for n in 0..<limit {
        if let error = send(client, n, "alert.show", ["title": "wait"])?["error"] {
          refusal = error
          break fill
        }
        accepted += 1
      }
    }
    #expect(accepted == ProtocolLimits.maximumWaitingPerUID)
    #expect(refusal?["code"] == -32007)
    send(clients[0], 1000, "menu.define", ["name": "mine", "title": "T", "items": [["title": "a"]]])
    // Another uid is not held back by this one.
    let other = connect(uid: 1001)
    #expect(send(other, 1, "alert.show", ["title": "mine"]) == nil)
    for client in clients { core.clientDisconnected(client.handle) }
    settle()
    #expect(held(1000) == .init())
    #expect(core.holdings.count == 1)
    let again = connect(uid: 1000)
    #expect(send(again, 1, "alert.show", ["title": "again"]) == nil)
    #expect(held(1000).waiting == 1)
    core.clientDisconnected(again.handle)
    core.clientDisconnected(other.handle)
    settle()
    #expect(core.holdings.count == 0)
  }
}
