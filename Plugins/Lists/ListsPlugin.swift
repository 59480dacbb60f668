public import KeyMenuCore
import KeyMenuEngineActor
public import KeyMenuPluginAPI
import KeyMenuProtocol

/// The list kinds: a checklist (several choices, each checked or not:
/// `checklist.show`), a radiolist (one choice, marked: `radiolist.show`)
/// and a picklist (one item picked, no marks: `picklist.show`, what
/// whiptail's and dialog's `--menu` show), all over one
/// ``ChoiceListMachine``.
///
/// Their open lists are kept by two ``DialogKind``s: each holds a modal key
/// handler while it lives, an alert or menu shown later comes over it, and
/// when that one goes the list is in front again exactly as it was. Every
/// change is posted as the generic dialog notifications, the items as
/// ``ModalPicture/choices``. The panic chord, stopping the plugin and the
/// end of the client that asked end its lists (answered `dismissed`).
public final class ListsPlugin: Plugin {
  public let name = "lists"

  /// `[plugins.lists]`: on unless disabled; no options.
  nonisolated public static let descriptor = PluginDescriptor(
    name: "lists",
    summary:
      "lists: several choices to check, one to mark or one to pick (checklist.show, radiolist.show, picklist.show)",
    enabledByDefault: true, methods: methods.map(\.declaration),
    notifications: ModalPicture.notificationDeclarations
  ) { ListsPlugin() }

  /// The open checklists.
  let checklists = DialogKind<ChoiceListMachine>(name: "checklist")
  /// The open radiolists.
  let radiolists = DialogKind<ChoiceListMachine>(name: "radiolist")
  /// The open picklists.
  let picklists = DialogKind<ChoiceListMachine>(name: "picklist")

  /// Creates the plugin.
  nonisolated public init() {}

  public func register(with host: any PluginHost) throws {
    for kind in [checklists, radiolists, picklists] { kind.attach(host) { .cancelled(.dismissed) } }
    registerMethods(with: host)
  }

  public func stop() {
    for kind in [picklists, radiolists, checklists] { kind.detach(endingWith: .cancelled(.dismissed)) }
  }

  /// The kind that keeps lists of `mode`.
  func kind(_ mode: ChoiceListMachine.Mode) -> DialogKind<ChoiceListMachine> {
    switch mode {
    case .check: checklists
    case .radio: radiolists
    case .pick: picklists
    }
  }

  /// Shows a list in front of everything, ending by itself after `idle`
  /// without a key; `onEnd` gets its answer, once. Returns its id.
  @discardableResult
  func present(
    _ machine: ChoiceListMachine, picture: ChoiceListPicture, on request: RequestBook.Key? = nil,
    idle: DialogKind<ChoiceListMachine>.IdleTimeout? = nil,
    onEnd: @escaping @Sendable @EngineActor (ChoiceListMachine.Answer) -> Void
  ) -> String? {
    kind(machine.mode).present(
      machine, on: request, idle: idle, picture: { picture.snapshot(of: $0, id: $1) }, onEnd: onEnd)
  }
}

extension ChoiceListMachine: DialogMachine {
  /// A key's effects as the dialog kind takes them.
  public mutating func respond(to event: KeyEvent) -> DialogStep<Answer> {
    Self.step(handle(event))
  }

  /// A tap's effects as the dialog kind takes them (``tap(_:)``).
  public mutating func respond(toTap target: ModalTap.Target) -> DialogStep<Answer> {
    Self.step(tap(target))
  }

  private static func step(_ handled: (consumed: Bool, effects: [Effect])) -> DialogStep<Answer> {
    var step = DialogStep<Answer>(consumed: handled.consumed)
    for effect in handled.effects {
      switch effect {
      case .changed: step.changed = true
      case .ended(let answer): step.answer = answer
      }
    }
    return step
  }
}
