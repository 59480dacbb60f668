public import KeyMenuPluginAPI
import KeyMenuProtocol

/// The text box kind: long text to read (`textbox.show`), scrolled with
/// arrows and pages, closed with Enter or OK, like `whiptail --textbox`.
/// Answered when it ends (``DialogEndResult``); `textbox.dismiss` ends the
/// caller's own.
public final class TextBoxPlugin: Plugin {
  public let name = "textbox"

  /// `[plugins.textbox]`: on unless disabled; no options.
  nonisolated public static let descriptor = PluginDescriptor(
    name: "textbox", summary: "textbox: long text to read, scrolled (textbox.show)",
    enabledByDefault: true, methods: methods.map(\.declaration),
    notifications: ModalPicture.notificationDeclarations
  ) { TextBoxPlugin() }

  /// The open text boxes.
  let boxes = DialogKind<TextBoxMachine>(name: "textbox")

  /// What the descriptor declares.
  nonisolated static let methods: [PluginMethod<TextBoxPlugin>] = [
    .init("textbox.show", tier: .drive, answeredLater: true) { plugin, _, call throws(RPCError) in
      try plugin.show(call)
    },
    .init("textbox.dismiss", tier: .drive) { plugin, _, call throws(RPCError) in
      try plugin.dismiss(call)
    },
  ]

  /// Creates the plugin.
  nonisolated public init() {}

  public func register(with host: any PluginHost) throws {
    boxes.attach(host) { .cancelled(reason: DialogEndResult.dismissed) }
    host.handle(Self.methods, for: self)
  }

  public func stop() {
    boxes.detach(endingWith: .cancelled(reason: DialogEndResult.dismissed))
  }

  /// `textbox.show`: answered when the box ends.
  private func show(_ call: MethodCall) throws(RPCError) -> JSONValue? {
    let params = try call.checkedParams(as: TextBoxShowParams.self)
    let title = params.title
    let button = params.button ?? "OK"
    let machine = TextBoxMachine(
      text: params.text, pageLines: params.pageLines ?? 10, textFocused: params.textFocus ?? false)
    try boxes.present(machine, for: call, heldBytes: params.heldBytes) {
      $0.snapshot(id: $1, title: title, button: button)
    }
    return nil
  }

  /// `textbox.dismiss`: the caller's box ends (`dismissed`).
  private func dismiss(_ call: MethodCall) throws(RPCError) -> JSONValue? {
    try boxes.end(for: call, with: .cancelled(reason: DialogEndResult.dismissed))
  }
}
