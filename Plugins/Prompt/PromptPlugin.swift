public import KeyMenuPluginAPI
import KeyMenuProtocol
import Synchronization

/// The prompt kind: a line of text a person types (`prompt.show`), masked
/// for a password, with a length limit and initial text.
///
/// Each open prompt holds a modal handler while it lives, so it gets the
/// keys while in front; an alert or menu shown later comes over it and takes
/// the keys, and when that one goes the prompt is in front again exactly as
/// it was (its ``PromptMachine`` is untouched meanwhile). Every change is
/// posted as the generic dialog notifications (`dialog.shown`,
/// `dialog.updated`, `dialog.closed`, payload ``DialogSnapshot`` or the id),
/// which the modal stack and every presenter follow; a masked text is only
/// ever posted as bullets. The panic chord, stopping the plugin and the end
/// of the client that asked end its prompts (answered `dismissed`).
public final class PromptPlugin: Plugin {
  /// One open prompt.
  struct Open: Sendable {
    var machine: PromptMachine
    var title: String
    var message: String?
    var modal: ObserverToken?
    var onEnd: @Sendable (PromptShowResult) -> Void

    /// Its number: the order prompts were shown in.
    var number: Int

    /// The prompt as presenters see it.
    func snapshot(_ id: String) -> DialogSnapshot {
      machine.snapshot(id: id, title: title, message: message)
    }
  }

  struct State: Sendable {
    var open: [String: Open] = [:]
    var nextID = 1
  }

  public let name = "prompt"

  /// `[plugins.prompt]`: on unless disabled; no options.
  public static let descriptor = PluginDescriptor(
    name: "prompt", summary: "prompt: a line of text to type, optionally masked (prompt.show)",
    enabledByDefault: true, methods: methods, notifications: notifications
  ) { PromptPlugin() }

  private let state = Mutex(State())
  /// Which connection's request showed which prompt.
  let requests = Mutex(RequestBook())
  private let hostSlot = Mutex<(any PluginHost)?>(nil)

  /// Creates the plugin.
  public init() {}

  public func register(with host: any PluginHost) throws {
    hostSlot.withLock { $0 = host }
    registerMethods(with: host)
    _ = host.observe(.panic, tier: .passive) { [weak self] _ in
      self?.dismissAll()
      return .pass
    }
  }

  public func stop() {
    dismissAll()
    hostSlot.withLock { $0 = nil }
  }

  var host: (any PluginHost)? { hostSlot.withLock { $0 } }

  /// Shows a prompt in front of everything; `onEnd` gets its answer, once.
  /// Returns its id.
  @discardableResult
  func present(
    _ machine: PromptMachine, title: String, message: String?,
    onEnd: @escaping @Sendable (PromptShowResult) -> Void
  ) -> String? {
    guard let host else { return nil }
    let id = state.withLock { state in
      let id = "prompt-\(state.nextID)"
      state.nextID += 1
      state.open[id] = Open(
        machine: machine, title: title, message: message, onEnd: onEnd, number: state.nextID - 1)
      return id
    }
    let token = host.observe(nil, tier: .modal) { [weak self] notification in
      self?.handleKey(notification, in: id) ?? .pass
    }
    let snapshot = state.withLock { state -> DialogSnapshot? in
      state.open[id]?.modal = token
      return state.open[id].map { $0.snapshot(id) }
    }
    if let snapshot { host.post(Notification(.dialogShown, payload: snapshot)) }
    return id
  }

  /// Ends a prompt without an answer (reason `dismissed`); false when it
  /// had already ended.
  @discardableResult
  func dismiss(_ id: String) -> Bool {
    let ended = state.withLock { state -> Bool in
      guard var open = state.open[id], open.machine.dismiss() else { return false }
      state.open[id] = open
      return true
    }
    if ended { finish(id, .cancelled(reason: PromptShowResult.dismissed)) }
    return ended
  }

  /// Ends every prompt (panic chord, stop), newest first.
  func dismissAll() {
    let ids = state.withLock { $0.open.sorted { $0.value.number > $1.value.number }.map(\.key) }
    for id in ids { dismiss(id) }
  }

  private func handleKey(_ notification: Notification, in id: String) -> Disposition {
    guard let event = notification.keyEvent else { return .pass }
    let (consumed, effects, snapshot) = state.withLock {
      state -> (Bool, [PromptMachine.Effect], DialogSnapshot?) in
      guard var open = state.open[id] else { return (false, [], nil) }
      let (consumed, effects) = open.machine.handle(event)
      state.open[id] = open
      // The picture only for an edit: other keys change nothing shown.
      return (consumed, effects, effects.contains(.edited) ? open.snapshot(id) : nil)
    }
    for effect in effects {
      switch effect {
      case .edited:
        if let snapshot { host?.post(Notification(.dialogUpdated, payload: snapshot)) }
      case .accepted(let text): finish(id, .text(text))
      case .cancelled: finish(id, .cancelled(reason: PromptShowResult.escape))
      }
    }
    return consumed ? .consume : .pass
  }

  /// Takes the prompt off the stack, lets its keys go on to what is below,
  /// and answers it.
  private func finish(_ id: String, _ result: PromptShowResult) {
    guard let open = state.withLock({ $0.open.removeValue(forKey: id) }) else { return }
    if let host {
      if let modal = open.modal { host.removeObserver(modal) }
      host.post(Notification(.dialogClosed, payload: id))
    }
    open.onEnd(result)
  }
}
