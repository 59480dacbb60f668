public import KeyMenuCore
public import KeyMenuPluginAPI
public import KeyMenuProtocol

/// The prompt kind: a line of text a person types (`prompt.show`), masked
/// for a password, with a length limit and initial text, and OK and Cancel
/// buttons reached with Tab.
///
/// Its open prompts are kept by a ``DialogKind``: each holds a modal key
/// handler while it lives, an alert or menu shown later comes over it, and
/// when that one goes the prompt is in front again exactly as it was. Every
/// change is posted as the generic dialog notifications, a masked text only
/// ever as bullets. The panic chord, stopping the plugin and the end of the
/// client that asked end its prompts (answered `dismissed`).
public final class PromptPlugin: Plugin {
  public let name = "prompt"

  /// `[plugins.prompt]`: on unless disabled; no options.
  nonisolated public static let descriptor = PluginDescriptor(
    name: "prompt", summary: "prompt: a line of text to type, optionally masked (prompt.show)",
    enabledByDefault: true, methods: methods.map(\.declaration),
    notifications: ModalPicture.notificationDeclarations
  ) { PromptPlugin() }

  /// The open prompts.
  let prompts = DialogKind<PromptMachine>(name: "prompt")
  /// The attached devices, and whether each has letter keys (for the
  /// on-screen keyboard's `auto` mode).
  var devices: [DeviceID: Bool] = [:]

  /// Creates the plugin.
  nonisolated public init() {}

  public func register(with host: any PluginHost) throws {
    prompts.attach(host) { .cancelled(reason: PromptShowResult.dismissed) }
    registerMethods(with: host)
  }

  public func stop() {
    prompts.detach(endingWith: .cancelled(reason: PromptShowResult.dismissed))
  }

  public func deviceAdded(_ device: DeviceInfo) {
    devices[device.id] = device.classification.kind == .keyboard
    devicesChanged()
  }

  public func deviceRemoved(_ device: DeviceInfo) {
    _ = devices.removeValue(forKey: device.id)
    devicesChanged()
  }

  /// The attached devices without letter keys, and whether any with them is attached.
  var attached: (withoutLetters: Set<DeviceID>, lettersAttached: Bool) {
    (Set(devices.filter { !$0.value }.keys), devices.values.contains(true))
  }

  private func devicesChanged() {
    let attached = self.attached
    for id in prompts.openIDs {
      prompts.update(id) { machine in
        let shown = machine.devicesChanged(
          withoutLetters: attached.withoutLetters, lettersAttached: attached.lettersAttached)
        return DialogStep(consumed: false, changed: shown)
      }
    }
  }
}

extension PromptMachine: DialogMachine {
  /// A key's effects as the dialog kind takes them.
  public mutating func respond(to event: KeyEvent) -> DialogStep<PromptShowResult> {
    Self.step(handle(event))
  }

  /// A tap's effects as the dialog kind takes them (``tap(_:)``).
  public mutating func respond(toTap target: ModalTap.Target) -> DialogStep<PromptShowResult> {
    Self.step(tap(target))
  }

  private static func step(_ handled: (consumed: Bool, effects: [Effect])) -> DialogStep<PromptShowResult> {
    let (consumed, effects) = handled
    var step = DialogStep<PromptShowResult>(consumed: consumed)
    for effect in effects {
      switch effect {
      case .edited: step.changed = true
      case .accepted(let text): step.answer = .text(text)
      case .cancelled: step.answer = .cancelled(reason: PromptShowResult.escape)
      case .cancelChosen: step.answer = .cancelled(reason: PromptShowResult.cancel)
      }
    }
    return step
  }
}
