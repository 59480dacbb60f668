import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuRouting
import KeyMenuRuntime
import KeyMenuServer

/// Turns engine notifications into protocol notifications for the clients
/// subscribed to their topic (`events.subscribe`).
///
/// The engine calls its observers on the engine thread; the hub only reads
/// its subscriber table and queues lines, which never blocks. The table is
/// engine-confined (``SubscriberTable``): every entry checks that it runs
/// on the engine thread.
final class EventHub: Sendable {
  /// Subscribers by topic, then by client id; every connected client by id.
  @EngineActor final class SubscriberTable {
    var clients: [String: [Int: ClientHandle]] = [:]
    var connections: [Int: ClientHandle] = [:]
    nonisolated init() {}
  }

  private let table = SubscriberTable()
  /// The notifications plugins declare (``NotificationDeclaration``), by name.
  private let declared: [Notification.Name: NotificationDeclaration]
  /// The topics of the plugins' notifications, in declaration order: the
  /// subscribers of any of them get `state.changed`.
  private let modalTopics: [String]

  /// A hub for the notifications `declarations` describe and the daemon's own.
  init(declarations: [NotificationDeclaration]) {
    declared = Dictionary(declarations.map { ($0.name, $0) }) { first, _ in first }
    var topics: [String] = []
    for declaration in declarations where !topics.contains(declaration.topic) {
      topics.append(declaration.topic)
    }
    modalTopics = topics
  }

  /// Knows `client` from now on: it may be told things it did not
  /// subscribe to (``selectorInvoked(_:notifying:)``).
  func connect(_ client: ClientHandle) {
    EngineActor.assumeIsolated { [table] in table.connections[client.id] = client }
  }

  /// Adds `client` to `topics`.
  func subscribe(_ client: ClientHandle, to topics: [String]) {
    EngineActor.assumeIsolated { [table] in
      for topic in topics { table.clients[topic, default: [:]][client.id] = client }
    }
  }

  /// Removes `client` from every topic, and forgets it.
  func unsubscribe(_ client: ClientHandle) {
    EngineActor.assumeIsolated { [table] in
      for topic in table.clients.keys { table.clients[topic]?[client.id] = nil }
      table.connections[client.id] = nil
    }
  }

  /// Sends `method` with `params` to every subscriber of any of `topics`, and
  /// to the connection `also` (a `notify` item's owner), once each. The
  /// line is written once, straight from the typed params, for all of them.
  func publish(
    _ method: String, _ params: some Encodable & Sendable, topics: [String], also connection: Int? = nil
  ) {
    let targets = EngineActor.assumeIsolated { [table] () -> [ClientHandle] in
      var seen: [Int: ClientHandle] = [:]
      for topic in topics { seen.merge(table.clients[topic] ?? [:]) { first, _ in first } }
      if let connection, let extra = table.connections[connection] { seen[extra.id] = extra }
      return Array(seen.values)
    }
    guard !targets.isEmpty else { return }
    let line = SharedLine(RPCOutgoing.notificationLine(method: method, encoding: params))
    let coalescing = coalescing(method, params)
    for client in targets { client.send(notification: line, coalescing: coalescing) }
  }

  /// How a notification may be coalesced for a subscriber that falls behind:
  /// followed state (the plugins' declared notifications, `state.changed`)
  /// may, the rest not.
  func coalescing(_ method: String, _ params: some Encodable & Sendable) -> ClientHandle.Coalescing {
    if method == ModalState.changedMethod, let state = params as? ModalState { return .state(state) }
    return declared[Notification.Name(method)] == nil ? .never : .followed
  }

  /// The daemon's own notifications the hub follows, with the topic each
  /// belongs to; the plugins' come from their declarations.
  static let own: [(Notification.Name, String)] = [
    (.selectorInvoked, "selector"), (.selectorFailed, "selector"), (.deviceAdded, "device"),
    (.deviceRemoved, "device"),
  ]

  /// Registers passive observers, through `host`, for the daemon's own
  /// notifications, the plugins' declared ones and `modal.changed`.
  func follow(_ host: any PluginHost) {
    for (name, topic) in Self.own {
      _ = host.observe(name, tier: .passive) { [self] notification in
        if let params = Self.ownParams(of: notification) {
          publish(notification.name.rawValue, params, topics: [topic])
        }
        return .pass
      }
    }
    for declaration in declared.values {
      _ = host.observe(declaration.name, tier: .passive) { [self] notification in
        if let params = declaration.params(notification) {
          publish(notification.name.rawValue, params, topics: [declaration.topic])
        }
        return .pass
      }
    }
    // `state.changed` goes to the subscribers of every kind's topic.
    _ = host.observe(.modalChanged, tier: .passive) { [self] notification in
      if let snapshot = notification.modalSnapshot {
        publish(ModalState.changedMethod, ModalState(snapshot), topics: modalTopics)
      }
      return .pass
    }
  }

  /// Tells `selector` subscribers that a selector ran, and the connection
  /// `owner` (of a `notify` item) whether or not it subscribed; each gets it
  /// once. The daemon's ``InvocationReporter``.
  func selectorInvoked(_ invocation: SelectorInvocation, notifying owner: Int? = nil) {
    publish(
      SelectorInvokedNotice.method, SelectorInvokedNotice(invocation), topics: ["selector"], also: owner)
  }

  /// The protocol's type (KeyMenuProtocol) for one of the daemon's own
  /// notifications, if it has one.
  static func ownParams(of notification: Notification) -> (any Encodable & Sendable)? {
    switch notification.payload {
    case let invocation as SelectorInvocation: SelectorInvokedNotice(invocation)
    case let error as SelectorError: SelectorFailedNotice(error)
    case let device as DeviceInfo: DeviceEntry(device)
    default: nil
    }
  }
}
