public import KeyMenuPluginAPI
import KeyMenuProtocol

/// The gauge kind: a progress bar with text (`gauge.show`) that its client
/// moves (`gauge.update`) and closes (`gauge.close`), like `whiptail
/// --gauge`. `gauge.show` is answered when the gauge ends: closed by its
/// client, cancelled with Esc when cancellable, or dismissed (panic chord,
/// its connection ending, the plugin stopping). Updates while another modal
/// is in front change the hidden gauge, which shows its latest state when
/// it is in front again.
public final class GaugePlugin: Plugin {
  public let name = "gauge"

  /// `[plugins.gauge]`: on unless disabled; no options.
  nonisolated public static let descriptor = PluginDescriptor(
    name: "gauge", summary: "gauge: a progress bar its client moves (gauge.show, gauge.update, gauge.close)",
    enabledByDefault: true, methods: methods.map(\.declaration),
    notifications: ModalPicture.notificationDeclarations
  ) { GaugePlugin() }

  /// The open gauges.
  let gauges = DialogKind<GaugeMachine>(name: "gauge")

  /// What the descriptor declares.
  nonisolated static let methods: [PluginMethod<GaugePlugin>] = [
    .init("gauge.show", tier: .drive, answeredLater: true) { plugin, _, call throws(RPCError) in
      try plugin.show(call)
    },
    .init("gauge.update", tier: .drive) { plugin, _, call throws(RPCError) in
      try plugin.update(call)
    },
    .init("gauge.close", tier: .drive) { plugin, _, call throws(RPCError) in
      try plugin.close(call)
    },
  ]

  /// Creates the plugin.
  nonisolated public init() {}

  public func register(with host: any PluginHost) throws {
    gauges.attach(host) { .cancelled(reason: DialogEndResult.dismissed) }
    host.handle(Self.methods, for: self)
  }

  public func stop() {
    gauges.detach(endingWith: .cancelled(reason: DialogEndResult.dismissed))
  }

  /// `gauge.show`: answered when the gauge ends (``DialogEndResult``).
  private func show(_ call: MethodCall) throws(RPCError) -> JSONValue? {
    let params = try call.checkedParams(as: GaugeShowParams.self)
    let title = params.title
    let machine = GaugeMachine(
      percent: params.percent ?? 0, message: params.message, cancellable: params.cancellable ?? false)
    try gauges.present(machine, for: call, heldBytes: params.heldBytes) { $0.snapshot(id: $1, title: title) }
    return nil
  }

  /// `gauge.update`: the caller's gauge, by request or id, gets a new
  /// percent or message; answered `{"updated":id}`.
  private func update(_ call: MethodCall) throws(RPCError) -> JSONValue? {
    let params = try call.checkedParams(as: GaugeUpdateParams.self)
    let id = try gauges.id(of: params.target, for: call.caller)
    guard gauges.update(id, { $0.update(percent: params.percent, message: params.message) }) else {
      throw .notFound("gauge \(id) has already ended")
    }
    return ["updated": .string(id)]
  }

  /// `gauge.close`: the caller's gauge ends, answered `closed`.
  private func close(_ call: MethodCall) throws(RPCError) -> JSONValue? {
    try gauges.end(for: call, with: .closed(reason: DialogEndResult.closedByClient), word: "closed")
  }
}
