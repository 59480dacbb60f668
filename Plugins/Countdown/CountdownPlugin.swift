public import KeyMenuPluginAPI
import KeyMenuProtocol

/// An example modal kind, and a small complete one: a notice that closes by
/// itself after a number of seconds, or when a person presses its button
/// (or Esc). It brings its own socket methods (`countdown.start`, answered
/// when it ends, and `countdown.stop`), ends a client's countdowns when the
/// client goes, and is drawn as an alert by every presenter: it shows
/// through the alerts plugin's ``AlertPresenting`` service. Nothing of it is
/// written into the daemon (docs/ENGINE.md, "Adding a modal kind").
///
/// Off unless `[plugins.countdown] enabled = true`.
public final class CountdownPlugin: Plugin {
  public let name = "countdown"

  /// `[plugins.countdown]`: off unless enabled; no options.
  nonisolated public static let descriptor = PluginDescriptor(
    name: "countdown",
    summary: "a notice that closes by itself (countdown.start, countdown.stop): an example modal kind",
    enabledByDefault: false,
    methods: methods.map(\.declaration),
    actions: [
      ActionDeclaration(
        "countdown",
        help: "show a countdown: { title = \"...\", seconds = N, message = \"...\", button = \"...\" }",
        problem: { value in CountdownStartParams.problem(with: JSONValue(value)) })
    ]
  ) { CountdownPlugin() }

  /// Its socket methods, each declared with what carries it out.
  nonisolated static let methods: [PluginMethod<CountdownPlugin>] = [
    .init("countdown.start", tier: .drive, answeredLater: true) { plugin, _, call throws(RPCError) in
      try plugin.start(call, alerts: plugin.alerts)
    },
    .init("countdown.stop", tier: .drive) { plugin, _, call throws(RPCError) in
      try plugin.stop(call, alerts: plugin.alerts)
    },
  ]

  private var book = RequestBook()
  private var host: (any PluginHost)?

  /// Creates the plugin.
  nonisolated public init() {}

  public func register(with host: any PluginHost) throws {
    self.host = host
    host.handle(Self.methods, for: self)
    host.handleAction("countdown") { [weak self] call in
      guard let self, let alerts = self.alerts,
        let params = try? CountdownStartParams.decode(JSONValue(call.value))
      else { return }
      // Checked when the configuration was loaded; nobody waits for its
      // end, but whoever set it off pays for it while it shows.
      guard let holding = call.holdWhileShown(bytes: params.heldBytes) else { return }
      alerts.present(Self.alert(params), owner: "config") { _ in holding.release() }
    }
    _ = host.observe(.connectionClosed, tier: .passive) { [weak self] notification in
      guard let self, let closed = notification.payload(as: ConnectionClosed.self) else { return .pass }
      let ending = self.book.takeAll(of: closed.connection)
      if let alerts = self.alerts { for id in ending { alerts.dismiss(id) } }
      return .pass
    }
  }

  public func stop() {
    // The alerts plugin, stopped after this one, answers what still shows.
    host = nil
  }

  /// The alerts plugin's service, while both run.
  private var alerts: (any AlertPresenting)? {
    host?.service((any AlertPresenting).self)
  }

  /// `countdown.start`: shows the notice; answered `{"finished": true}` when
  /// its time is up, `{"cancelled": true, "reason": …}` when a person
  /// pressed its button (`key`, `escape`, `action`) or it was stopped
  /// (`dismissed`).
  private func start(_ call: MethodCall, alerts: (any AlertPresenting)?) throws(RPCError) -> JSONValue? {
    let params = try call.checkedParams(as: CountdownStartParams.self)
    guard let alerts else {
      throw RPCError(
        code: -32601,
        message:
          "\(call.method) is not available: the alerts plugin, which shows countdowns, is not running ([plugins.alerts] in the configuration)"
      )
    }
    guard let requestID = call.requestID, let reply = call.reply else { return nil }
    try call.holdWhileWaiting(bytes: params.heldBytes)
    let key = RequestBook.Key(connection: call.caller.connection, request: requestID)
    let id = alerts.present(Self.alert(params), owner: call.caller.owner) { [weak self] answer in
      _ = self?.book.ended(key)
      if answer.reason == .timeout {
        reply.answer(["finished": true])
      } else {
        reply.answer(["cancelled": true, "reason": .string(answer.reason.rawValue)])
      }
    }
    book.started(key, object: id)
    return nil
  }

  /// The notice as an alert: one button, which Esc picks too, and the
  /// countdown as its timeout.
  private static func alert(_ params: CountdownStartParams) -> Alert {
    let seconds = params.seconds
    return Alert(
      title: params.title,
      message: params.message ?? "Closes by itself in \(seconds) second\(seconds == 1 ? "" : "s").",
      buttons: [params.button ?? "Cancel"], cancel: 0, defaultButton: 0, timeout: .seconds(seconds))
  }

  /// `countdown.stop`: ends one of the caller's countdowns (its start is
  /// answered `cancelled`, reason `dismissed`).
  private func stop(_ call: MethodCall, alerts: (any AlertPresenting)?) throws(RPCError) -> JSONValue? {
    let params = try call.decodeParams(as: CountdownStopParams.self)
    let key = RequestBook.Key(connection: call.caller.connection, request: params.request)
    guard let id = book.object(for: key), alerts?.dismiss(id) == true else {
      throw .notFound("no countdown started by request \(params.request) of this connection")
    }
    return ["stopped": true]
  }
}
