public import KeyMenuPluginAPI
import KeyMenuProtocol

/// The info box kind: a message that needs no answer (`infobox.show`,
/// answered at once with its id), like `whiptail --infobox`. It stays in
/// front until the next modal comes (an alert, a menu, any dialog: the box
/// then ends rather than waiting under it), `infobox.dismiss`, its timeout,
/// the panic chord or the plugin stopping. It outlives the connection that
/// showed it: a script shows it and goes on working, as with whiptail.
public final class InfoBoxPlugin: Plugin {
  public let name = "infobox"

  /// `[plugins.infobox]`: on unless disabled; no options.
  nonisolated public static let descriptor = PluginDescriptor(
    name: "infobox", summary: "infobox: a message that needs no answer (infobox.show)",
    enabledByDefault: true, methods: methods.map(\.declaration),
    notifications: ModalPicture.notificationDeclarations
  ) { InfoBoxPlugin() }

  /// The open info boxes.
  let boxes = DialogKind<InfoBoxMachine>(name: "infobox")

  /// What the descriptor declares.
  nonisolated static let methods: [PluginMethod<InfoBoxPlugin>] = [
    .init("infobox.show", tier: .drive) { plugin, host, call throws(RPCError) in
      try plugin.show(call, host: host)
    },
    .init("infobox.dismiss", tier: .drive) { plugin, _, call throws(RPCError) in
      try plugin.dismiss(call)
    },
  ]

  /// Creates the plugin.
  nonisolated public init() {}

  public func register(with host: any PluginHost) throws {
    boxes.attach(
      host, dismissed: { .cancelled(reason: DialogEndResult.dismissed) }, keepingAfterConnection: true)
    host.handle(Self.methods, for: self)
    // Another modal in front ends every box under it; after the change is
    // delivered, so that the stack's followers see the new modal first.
    _ = host.observe(.modalChanged, tier: .passive) { [weak self] notification in
      guard let self, let snapshot = notification.payload(as: ModalSnapshot.self) else { return .pass }
      let covered = self.coveredBoxes(in: snapshot)
      if !covered.isEmpty {
        host.perform { [weak self] in
          for id in covered { self?.boxes.end(id, with: .closed(reason: Self.covered)) }
        }
      }
      return .pass
    }
  }

  public func stop() {
    boxes.detach(endingWith: .cancelled(reason: DialogEndResult.dismissed))
  }

  /// Why a box ended when another modal came.
  nonisolated static let covered = "covered"

  /// The boxes of this kind in `snapshot` with something else in front of them.
  func coveredBoxes(in snapshot: ModalSnapshot) -> [String] {
    snapshot.stack.dropLast().map(\.id).filter { boxes.isOpen($0) }
  }

  /// `infobox.show`: answered at once, `{"id":"infobox-1"}`.
  private func show(_ call: MethodCall, host: any PluginHost) throws(RPCError) -> JSONValue? {
    let params = try call.checkedParams(as: InfoBoxShowParams.self)
    let (title, message) = (params.title, params.message)
    let key = call.requestID.map { RequestBook.Key(connection: call.caller.connection, request: $0) }
    guard
      let id = boxes.present(
        InfoBoxMachine(), on: key,
        picture: { InfoBoxMachine.snapshot(id: $1, title: title, message: message) },
        onEnd: { _ in })
    else {
      throw RPCError(code: -32601, message: "\(call.method) is not available: the infobox plugin is stopping")
    }
    if let timeout = params.timeout {
      _ = host.schedule(after: .milliseconds(Int64(timeout * 1000))) { [weak self] in
        self?.boxes.end(id, with: .closed(reason: "timeout"))
      }
    }
    return ["id": .string(id)]
  }

  /// `infobox.dismiss`: ends a box by its id, whoever showed it (an info
  /// box carries nothing private and often outlives its client).
  private func dismiss(_ call: MethodCall) throws(RPCError) -> JSONValue? {
    let params = try call.checkedParams(as: DismissParams.self)
    guard let id = params.id else { throw .invalidParams("give the box's id", field: "id") }
    guard boxes.end(id, with: .cancelled(reason: DialogEndResult.dismissed)) else {
      throw .notFound("no open infobox \(id)")
    }
    return ["dismissed": .string(id)]
  }
}
