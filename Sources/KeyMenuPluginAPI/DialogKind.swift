import KeyMenuCore
public import KeyMenuEngineActor
public import KeyMenuProtocol

/// What every dialog-family kind does alike, for one kind's open dialogs:
/// ids (`prompt-1`), the modal key handler each holds while it lives (which
/// also takes the presenters' taps that name it, `modal.tap`), the
/// generic notifications (`dialog.shown`, `dialog.updated`,
/// `dialog.closed`), which request of which connection showed which dialog,
/// and the endings: an answer, `<kind>.dismiss`, the client's connection
/// closing, the panic chord, the plugin stopping.
///
/// A dialog on the stack is hidden exactly when another modal comes over
/// it: that one's handler takes the keys first, and this dialog's
/// ``DialogMachine`` is untouched until it is in front again.
///
/// A kind's plugin makes one, hands it its host at registration
/// (``attach(_:)``) and its machines as requests come (``present(_:on:picture:onEnd:)``).
@EngineActor
public final class DialogKind<Machine: DialogMachine> {
  /// The draw of one dialog: its picture from its machine and its id.
  public typealias Picture = @Sendable (_ machine: Machine, _ id: String) -> ModalPicture

  private struct Open: Sendable {
    var machine: Machine
    let picture: Picture
    var modal: ObserverToken?
    /// Gets the answer and the device whose key gave it (nil when none did).
    let onEnd: @Sendable @EngineActor (Machine.Answer, DeviceID?) -> Void
    /// The device whose key answered, set just before it ends.
    var answeredBy: DeviceID?
    let number: Int
    /// The connection whose request showed it, if one did.
    let owner: Int?
    /// How long it waits for a key, and what it answers then.
    let idle: IdleTimeout?
    /// The timer of ``idle``, restarted by each key it takes.
    var timer: TimerToken?
  }

  /// An idle timeout: after `duration` with no key taken, the dialog ends
  /// with `answer` (dialog's `--timeout`, restarted by each key).
  public struct IdleTimeout: Sendable {
    /// How long without a key.
    public let duration: Duration
    /// What the dialog answers then.
    public let answer: Machine.Answer

    /// A timeout of `duration` answering `answer`.
    public init(_ duration: Duration, answer: Machine.Answer) {
      self.duration = duration
      self.answer = answer
    }
  }

  /// The kind's name: the prefix of its dialogs' ids and of its methods.
  public let name: String
  private let takesKeys: Bool
  private var open: [String: Open] = [:]
  private var nextNumber = 1
  private var requests = RequestBook()

  /// A kind named `name`; with `takesKeys` false its dialogs hold no key
  /// handler (an info box, which asks nothing).
  nonisolated public init(name: String, takesKeys: Bool = true) {
    self.name = name
    self.takesKeys = takesKeys
  }

  /// The host the dialogs live in, while attached.
  public private(set) var host: (any PluginHost)?

  /// Starts serving in `host`: the panic chord ends every dialog with
  /// `dismissed`, and so does the end of the connection that showed it
  /// (unless `keepingAfterConnection`: an info box outlives its client).
  /// A kind that takes keys tells the host's ``ModalOwnership`` which
  /// connection's dialogs are which (`modal.press`).
  /// The observers are the plugin's: the host removes them when it stops.
  public func attach(
    _ host: any PluginHost, dismissed: @escaping @Sendable () -> Machine.Answer,
    keepingAfterConnection: Bool = false
  ) {
    self.host = host
    if takesKeys {
      host.service(ModalOwnership.self)?.register(name) { [weak self] connection, target in
        guard let self, let id = self.requests.object(of: connection, named: target),
          self.snapshot(of: id) != nil
        else { return nil }
        return id
      }
    }
    _ = host.observe(.panic, tier: .passive) { [weak self] _ in
      self?.endAll(with: dismissed())
      return .pass
    }
    _ = host.observe(.ownerDismissed, tier: .passive) { [weak self] notification in
      guard let self, let owner = notification.payload(as: String.self) else { return .pass }
      for id in self.openIDs.reversed() where self.open[id].map(Self.ownerName) == owner {
        self.end(id, with: dismissed())
      }
      return .pass
    }
    _ = host.observe(.connectionClosed, tier: .passive) { [weak self] notification in
      guard let self, let closed = notification.payload(as: ConnectionClosed.self) else { return .pass }
      let ids = self.requests.takeAll(of: closed.connection)
      if !keepingAfterConnection { for id in ids { self.end(id, with: dismissed()) } }
      return .pass
    }
  }

  /// Stops serving: every dialog ends with `answer`, newest first.
  public func detach(endingWith answer: Machine.Answer) {
    endAll(with: answer)
    host?.service(ModalOwnership.self)?.unregister(name)
    host = nil
  }

  /// Puts a dialog in front of everything; `onEnd` gets its answer, once.
  /// `request` records which connection's request showed it (for
  /// ``id(of:)``, ``dismiss(_:)`` and the connection's end); with `idle`
  /// it ends by itself when no key comes for that long. Returns its id,
  /// nil when the kind is not attached.
  @discardableResult
  public func present(
    _ machine: Machine, on request: RequestBook.Key? = nil, idle: IdleTimeout? = nil,
    picture: @escaping Picture, onEnd: @escaping @Sendable @EngineActor (Machine.Answer) -> Void
  ) -> String? {
    present(machine, on: request, idle: idle, picture: picture) { answer, _ in onEnd(answer) }
  }

  /// As ``present(_:on:idle:picture:onEnd:)``, `onEnd` also getting the
  /// device whose key gave the answer (nil for a timeout, a dismissal, a
  /// client's `modal.press`).
  @discardableResult
  func present(
    _ machine: Machine, on request: RequestBook.Key? = nil, idle: IdleTimeout? = nil,
    picture: @escaping Picture, onEnd: @escaping @Sendable @EngineActor (Machine.Answer, DeviceID?) -> Void
  ) -> String? {
    guard let host else { return nil }
    let number = nextNumber
    nextNumber += 1
    let id = "\(name)-\(number)"
    open[id] = Open(
      machine: machine, picture: picture, modal: nil, onEnd: onEnd, number: number,
      owner: request?.connection, idle: idle)
    restartIdleTimer(of: id)
    if let request { requests.started(request, object: id) }
    if takesKeys {
      let token = host.observe(nil, tier: .modal) { [weak self] notification in
        self?.handleKey(notification, in: id) ?? .pass
      }
      open[id]?.modal = token
    }
    if let snapshot = snapshot(of: id) {
      host.post(Notification(.dialogShown, payload: snapshot))
      host.showModal(snapshot)
    }
    return id
  }

  /// The picture of an open dialog; one that shows a masked field is
  /// marked ``ModalPicture/secret``, its owner the connection that asked.
  public func snapshot(of id: String) -> ModalPicture? {
    open[id].map { open in
      var picture = open.picture(open.machine, id)
      if picture.field?.masked == true { picture.secret = SecretOwner(connection: open.owner) }
      picture.owner = Self.ownerName(open)
      return picture
    }
  }

  /// Who showed a dialog, as ``ModalPicture/owner`` names it.
  private static func ownerName(_ open: Open) -> String {
    (open.owner.map { SelectorOwner.client($0) } ?? .configuration).rawValue
  }

  /// The ids of the open dialogs, oldest first.
  public var openIDs: [String] {
    // A closure, not `\.key`: a key path in a generic type is made anew at
    // each call (`swift_getKeyPath`), 8 % of keymenud's CPU per key when
    // the infobox kind looked at its boxes at every modal change.
    open.sorted { $0.value.number < $1.value.number }.map { $0.key }
  }

  /// Whether the dialog `id` is open.
  public func isOpen(_ id: String) -> Bool { open[id] != nil }

  /// Changes an open dialog from outside its keys (a client's update):
  /// `change` returns whether what it shows changed, and may end it with
  /// an answer. False when there is no such dialog.
  @discardableResult
  public func update(_ id: String, _ change: (inout Machine) -> DialogStep<Machine.Answer>) -> Bool {
    // In place: a copy of the machine would leave what was typed behind
    // in freed memory at each change (a masked prompt's secret).
    guard open[id] != nil else { return false }
    let step = change(&open[id]!.machine)
    apply(step, to: id)
    return true
  }

  /// Ends an open dialog with `answer`; false when it had already ended.
  @discardableResult
  public func end(_ id: String, with answer: Machine.Answer) -> Bool {
    let removed = open.removeValue(forKey: id)
    open.shrinkIfSparse()
    guard var ended = removed else { return false }
    if let host {
      if let modal = ended.modal { host.removeObserver(modal) }
      if let timer = ended.timer { host.cancel(timer) }
      host.post(Notification(.dialogClosed, payload: id))
      host.closeModal(id)
    }
    ended.onEnd(answer, ended.answeredBy)
    ended.machine.forget()
    return true
  }

  /// Ends every open dialog with `answer`, newest first.
  public func endAll(with answer: Machine.Answer) {
    for id in openIDs.reversed() { end(id, with: answer) }
  }

  /// Forgets the request that showed a dialog once it is answered, after
  /// what the engine is doing now (as the daemon forgets the request): a
  /// dismiss already on its way finds the dialog ended.
  public func forget(_ request: RequestBook.Key?) {
    guard let request, let host else { return }
    host.perform { [weak self] in _ = self?.requests.ended(request) }
  }

  /// The id of the caller's dialog that `params` names, by the request that
  /// showed it or by its id: `-32004` when it is not one of the caller's
  /// open dialogs, `-32602` when neither is given.
  public func id(of params: DismissParams, for caller: MethodCaller) throws(RPCError) -> String {
    if let request = params.request {
      let key = RequestBook.Key(connection: caller.connection, request: request)
      guard let found = requests.object(for: key), snapshot(of: found) != nil else {
        throw .notFound("no open \(name) shown by request \(request)")
      }
      return found
    }
    guard let given = params.id else { throw .invalidParams("give request or id", field: "request") }
    guard requests.connection(caller.connection, owns: given), snapshot(of: given) != nil
    else {
      throw .notFound("no open \(name) \(given) of this connection")
    }
    return given
  }

  /// What the dialog's modal handler does with a key, or with a tap
  /// (`modal.tapped`) that names it: its machine's step, carried out. A
  /// step that ends it with a key records the key's device (a tap and a
  /// synthetic key record none); one consumed without an answer restarts
  /// the idle timer.
  private func handleKey(_ notification: Notification, in id: String) -> Disposition {
    if notification.name == .modalTapped {
      guard let tap = notification.payload(as: ModalTap.self), tap.id == id, open[id] != nil else {
        return .pass
      }
      let step = open[id]!.machine.respond(toTap: tap.target)
      if step.consumed, step.answer == nil { restartIdleTimer(of: id) }
      apply(step, to: id)
      return step.consumed ? .consume : .pass
    }
    guard let event = notification.keyEvent else { return .pass }
    guard open[id] != nil else { return .pass }
    let step = open[id]!.machine.respond(to: event)
    if step.consumed, step.answer == nil { restartIdleTimer(of: id) }
    if step.answer != nil, !event.isSynthetic { open[id]?.answeredBy = event.device }
    apply(step, to: id)
    return step.consumed ? .consume : .pass
  }

  /// Starts the idle timer of dialog `id` again, if it has one.
  private func restartIdleTimer(of id: String) {
    guard let host, let idle = open[id]?.idle else { return }
    let timer = host.schedule(after: idle.duration) { [weak self] in self?.end(id, with: idle.answer) }
    let old = open[id]?.timer
    open[id]?.timer = timer
    if let old { host.cancel(old) }
  }

  private func apply(_ step: DialogStep<Machine.Answer>, to id: String) {
    if let answer = step.answer {
      end(id, with: answer)
    } else if step.changed, let snapshot = snapshot(of: id) {
      host?.post(Notification(.dialogUpdated, payload: snapshot))
      host?.updateModal(snapshot)
    }
  }
}

extension ModalPicture {
  /// The generic notifications every dialog-family kind posts, as its
  /// descriptor declares them, under the topic they share (`dialog`): the
  /// daemon keys declared notifications by name, so the kinds declare them alike.
  public static let notificationDeclarations = [
    NotificationDeclaration(.dialogShown, topic: "dialog") {
      $0.payload(as: ModalPicture.self)
    },
    NotificationDeclaration(.dialogUpdated, topic: "dialog") {
      $0.payload(as: ModalPicture.self)
    },
    NotificationDeclaration(.dialogClosed, topic: "dialog") {
      $0.payload(as: String.self).map(DialogClosedNotice.init)
    },
  ]
}
