import KeyMenuCore
import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuRouting
import KeyMenuRuntime
import KeyMenuServer

/// Turns engine notifications into protocol notifications for the clients
/// subscribed to their topic (`events.subscribe`).
///
/// The hub is the engine thread's (``EngineActor``), as the observers the
/// engine calls: it reads its subscriber table and queues lines, which
/// never blocks.
///
/// The modal stack goes out as a window of its front (``ModalStateWindow``),
/// each entry encoded once while it is unchanged, and a subscriber gets a
/// `state.changed` only when what it would read changed: a change to a
/// modal behind the window costs no line. A picture's secret parts
/// (``SecretPicture``) go only to its owner and admin clients; the others
/// get it redacted, and no line at all for a change they would not see (a
/// key typed, the on-screen keyboard's focus moved), so not even the rhythm
/// of the typing reaches them.
@EngineActor
final class EventHub {
  /// Subscribers by topic, then by client id.
  private var clients: [String: [Int: ClientHandle]] = [:]
  /// Every connected client by id.
  private var connections: [Int: ClientHandle] = [:]
  /// The window of the stack, its entries' bytes kept between changes.
  private var window = ModalStateWindow()
  /// The `state.changed` params each client was last sent (shared
  /// storage: one copy per form of the window).
  private var lastState: [Int: [UInt8]] = [:]
  /// The redacted params last sent for each open modal with a secret, by its id.
  private var lastRedacted: [String: [UInt8]] = [:]
  /// The notifications plugins declare (``NotificationDeclaration``), by name.
  private let declared: [Notification.Name: NotificationDeclaration]
  /// The topics of the plugins' notifications, in declaration order, and
  /// `state`: the subscribers of any of them get `state.changed`.
  private let modalTopics: [String]

  /// A hub for the notifications `declarations` describe and the daemon's own.
  nonisolated init(declarations: [NotificationDeclaration]) {
    declared = Dictionary(declarations.map { ($0.name, $0) }) { first, _ in first }
    var topics: [String] = []
    for declaration in declarations where !topics.contains(declaration.topic) {
      topics.append(declaration.topic)
    }
    modalTopics = topics + [MethodCatalog.stateTopic]
  }

  /// Knows `client` from now on: it may be told things it did not
  /// subscribe to (``selectorInvoked(_:notifying:)``).
  func connect(_ client: ClientHandle) {
    connections[client.id] = client
  }

  /// Adds `client` to `topics`.
  func subscribe(_ client: ClientHandle, to topics: [String]) {
    for topic in topics { clients[topic, default: [:]][client.id] = client }
    // Its snapshot is the state now: the next change is sent whatever it was sent before.
    lastState[client.id] = nil
  }

  /// Removes `client` from every topic, and forgets it.
  func unsubscribe(_ client: ClientHandle) {
    for topic in clients.keys { clients[topic]?[client.id] = nil }
    connections[client.id] = nil
    lastState[client.id] = nil
  }

  /// The modal stack `snapshot` as `viewer` may read it: the window of its
  /// front, a secret only to whom it belongs (`state.get`, the subscription's snapshot).
  func state(of snapshot: ModalSnapshot, for viewer: ModalViewer) -> ModalState {
    window.window(of: snapshot).state(for: viewer)
  }

  /// Sends `state.changed` for `snapshot` to the subscribers of the modal
  /// topics whose view of the window changed, each its own form of it.
  private func publishState(_ snapshot: ModalSnapshot) {
    var targets: [Int: ClientHandle] = [:]
    for topic in modalTopics { targets.merge(clients[topic] ?? [:]) { first, _ in first } }
    guard !targets.isEmpty else { return }
    let front = window.window(of: snapshot)
    // A change behind the window: nobody's view changed, nothing to make.
    guard front.changed else { return }
    // One line per form of the window (everyone's, admins', each owner's), made once.
    var lines: [ModalViewer: (params: [UInt8], line: SharedLine, state: ModalState)] = [:]
    for client in targets.values {
      let viewer = Self.form(of: front, for: client)
      let made =
        lines[viewer]
        ?? {
          let params = front.params(for: viewer)
          var line = Array(#"{"jsonrpc":"2.0","method":"state.changed","params":"#.utf8)
          line.append(contentsOf: params)
          line.append(contentsOf: "}\n".utf8)
          let made = (params: params, line: SharedLine(line), state: front.state(for: viewer))
          lines[viewer] = made
          return made
        }()
      // Without a secret in it, a changed window is a changed line for
      // everyone; with one, a client that may not see it reads the same
      // redacted line while the owner types: that one is not sent again.
      if front.hasSecret, lastState[client.id] == made.params { continue }
      lastState[client.id] = made.params
      client.send(notification: made.line, coalescing: .state(made.state))
    }
  }

  /// The viewer whose form of `window` `client` gets: the one everyone
  /// gets, unless the window holds a secret it may see.
  private static func form(of window: ModalStateWindow.Window, for client: ClientHandle)
    -> ModalViewer
  {
    let viewer = ModalViewer(connection: client.id, admin: client.tier >= .admin)
    guard window.hasSecret else { return .anyone }
    if viewer.admin { return ModalViewer(connection: -1, admin: true) }
    let owns = window.entries.contains { $0.secret.map { viewer.maySee($0.owner) } ?? false }
    return owns ? viewer : .anyone
  }

  /// Sends a notification whose picture has a secret: whole to its owner
  /// and admin clients, redacted to the other subscribers of `topic`, and
  /// to those only when what they would read changed.
  private func publishSecret(
    _ notification: Notification, _ picture: any SecretPicture, _ owner: SecretOwner,
    as declaration: NotificationDeclaration
  ) {
    let redacted = Notification(notification.name, payload: picture.redacted)
    guard let whole = declaration.params(notification), let open = declaration.params(redacted) else {
      return
    }
    let method = notification.name.rawValue
    // Compared without the method: an update that changes nothing they see is no news.
    let openParams = (try? OrderedJSONEncoder().encode(open)) ?? JSONValue(encoding: open).jsonBytes ?? []
    let tellOthers = lastRedacted[picture.id] != openParams
    lastRedacted[picture.id] = openParams
    let targets = Array((clients[declaration.topic] ?? [:]).values)
    guard !targets.isEmpty else { return }
    let wholeLine = SharedLine(RPCOutgoing.notificationLine(method: method, encoding: whole))
    let othersLine =
      tellOthers ? SharedLine(RPCOutgoing.notificationLine(method: method, encoding: open)) : nil
    for client in targets {
      if ModalViewer(connection: client.id, admin: client.tier >= .admin).maySee(owner) {
        client.send(notification: wholeLine, coalescing: .followed)
      } else if let othersLine {
        client.send(notification: othersLine, coalescing: .followed)
      }
    }
  }

  /// Sends `method` with `params` to every subscriber of any of `topics`, and
  /// to the connection `also` (a `notify` item's owner), once each. The
  /// line is written once, straight from the typed params, for all of them.
  func publish(
    _ method: String, _ params: some Encodable & Sendable, topics: [String], also connection: Int? = nil
  ) {
    var seen: [Int: ClientHandle] = [:]
    for topic in topics { seen.merge(clients[topic] ?? [:]) { first, _ in first } }
    if let connection, let extra = connections[connection] { seen[extra.id] = extra }
    let targets = Array(seen.values)
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
        if let picture = notification.payload as? any SecretPicture, let owner = picture.secret {
          publishSecret(notification, picture, owner, as: declaration)
          return .pass
        }
        // An end names the modal by its id: what was kept for its secret goes.
        if let id = notification.payload as? String {
          lastRedacted[id] = nil
        }
        // Params are made only for someone: every key made them for nobody before.
        guard clients[declaration.topic]?.isEmpty == false, let params = declaration.params(notification)
        else {
          return .pass
        }
        publish(notification.name.rawValue, params, topics: [declaration.topic])
        return .pass
      }
    }
    // `state.changed` goes to the subscribers of every kind's topic.
    _ = host.observe(.modalChanged, tier: .passive) { [self] notification in
      if let snapshot = notification.modalSnapshot { publishState(snapshot) }
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
