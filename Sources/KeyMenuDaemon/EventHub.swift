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
  /// to the connection `also` (a `notify` item's owner), once each.
  func publish(_ method: String, _ params: JSONValue, topics: [String], also connection: Int? = nil) {
    let targets = EngineActor.assumeIsolated { [table] () -> [ClientHandle] in
      var seen: [Int: ClientHandle] = [:]
      for topic in topics { seen.merge(table.clients[topic] ?? [:]) { first, _ in first } }
      if let connection, let extra = table.connections[connection] { seen[extra.id] = extra }
      return Array(seen.values)
    }
    guard !targets.isEmpty else { return }
    let line = RPCOutgoing.notification(method: method, params: params).line()
    let coalescing = Self.coalescing(method, params)
    for client in targets { client.send(notification: line, coalescing: coalescing) }
  }

  /// How a notification may be coalesced for a subscriber that falls behind:
  /// followed state (`alert.*`, `menu.*`, `state.changed`) may, the rest not.
  static func coalescing(_ method: String, _ params: JSONValue) -> ClientHandle.Coalescing {
    if method == ModalState.changedMethod { return .state(params) }
    if method.hasPrefix("alert.") || method.hasPrefix("menu.") { return .followed }
    return .never
  }

  /// The notifications the hub follows, with the topic each belongs to.
  static let followed: [(Notification.Name, String)] = [
    (.alertShown, "alert"), (.alertFocus, "alert"), (.alertAnswered, "alert"),
    (.menuOpened, "menu"), (.menuUpdated, "menu"), (.menuChanged, "menu"), (.menuSelected, "menu"),
    (.menuClosed, "menu"), (.selectorInvoked, "selector"), (.selectorFailed, "selector"),
    (.deviceAdded, "device"), (.deviceRemoved, "device"), (.modalChanged, "state"),
  ]

  /// Registers passive observers for ``followed`` through `host`.
  func follow(_ host: any PluginHost) {
    for (name, topic) in Self.followed {
      _ = host.observe(name, tier: .passive) { [self] notification in
        publish(notification, topic: topic)
        return .pass
      }
    }
  }

  private func publish(_ notification: Notification, topic: String) {
    guard let params = Self.params(of: notification) else { return }
    if topic == "state" {
      publish(ModalState.changedMethod, params, topics: ["alert", "menu"])
    } else {
      publish(notification.name.rawValue, params, topics: [topic])
    }
  }

  /// Tells `selector` subscribers that a selector ran, and the connection
  /// `owner` (of a `notify` item) whether or not it subscribed; each gets it
  /// once. The daemon's ``InvocationReporter``.
  func selectorInvoked(_ invocation: SelectorInvocation, notifying owner: Int? = nil) {
    publish(
      SelectorInvokedNotice.method, JSONValue(encoding: SelectorInvokedNotice(invocation)),
      topics: ["selector"],
      also: owner)
  }

  /// The JSON params of an engine notification, if it has a protocol form.
  static func params(of notification: Notification) -> JSONValue? {
    typedParams(of: notification).map { JSONValue(encoding: $0) }
  }

  /// The protocol's type (KeyMenuProtocol) for an engine notification's
  /// payload, if it has one.
  static func typedParams(of notification: Notification) -> (any Encodable & Sendable)? {
    if let snapshot = notification.modalSnapshot { return ModalState(snapshot) }
    switch notification.payload {
    case let snapshot as AlertSnapshot: return AlertState(snapshot)
    case let answered as AlertAnswered: return AlertAnsweredNotice(answered)
    case let snapshot as MenuSnapshot: return MenuState(snapshot)
    case let changed as MenuChanged: return MenuChangedNotice(changed)
    case let selected as MenuSelected: return MenuSelectedNotice(selected)
    case let id as String: return MenuClosedNotice(id: id)
    case let invocation as SelectorInvocation: return SelectorInvokedNotice(invocation)
    case let error as SelectorError: return SelectorFailedNotice(error)
    case let device as DeviceInfo: return DeviceEntry(device)
    case let snapshot as ModalSnapshot: return ModalState(snapshot)
    default: return nil
    }
  }
}
