import KeyMenuCore
import KeyMenuEngineActor
import KeyMenuProtocol

/// Leader sequences on the engine (`keys = ["Menu", "1"]`): the hotkeys of
/// a ``HotkeyRouter`` that are two keys or more, each group of them (one
/// per set of devices) with its ``KeySequenceMachine``.
///
/// The first key of a sequence comes as a hotkey does (after the modal in
/// front passed on it). From then on until the sequence ends, the router
/// sees every key first, ahead of the modal in front, so the next key of
/// the sequence never reaches a menu. Modifier keys pass (they are part of
/// the next chord); repeats are holding.
///
/// The hint is a picture of kind `hint` on the modal stack, so every
/// presenter shows it as it shows any modal: the keys so far as its title,
/// and a line per next key with what it does (`1: Settings`, `3: +2 more`).
/// It takes no keys of its own.
@EngineActor final class KeySequenceRouter {
  /// The sequences of one set of devices and their machine.
  private struct Group {
    var accepts: (@Sendable @EngineActor (DeviceID) -> Bool)?
    var bindings: [HotkeyRouter.Binding]
    var machine: KeySequenceMachine<KeyChord>
  }

  /// Each group's first keys and devices, checked for every key while no
  /// sequence is under way: apart from the groups (whose copies cost more
  /// than the check), and concrete (the machine is generic across modules).
  private var starts: [(keys: [KeyChord], accepts: (@Sendable @EngineActor (DeviceID) -> Bool)?)] = []

  private let host: any PluginHost
  private var groups: [Group] = []
  /// The group whose sequence is under way and the event that began it.
  private var pending: (group: Int, start: KeyEvent)?
  private var timer: TimerToken?
  /// The modal-tier observer that sees keys first while a sequence is under way.
  private var watch: ObserverToken?
  /// The id of the hint shown, if one is.
  private var hintID: String?
  private var hints = 0
  private let ended: (@Sendable @EngineActor (KeySequenceMachine<KeyChord>.Ending) -> Void)?

  /// Routes `bindings` (each with ``HotkeyRouter/Binding/following`` keys);
  /// `ended` hears of every sequence that ends without firing.
  init(
    host: any PluginHost, bindings: [HotkeyRouter.Binding], timing: KeySequenceMachine<KeyChord>.Timing,
    ended: (@Sendable @EngineActor (KeySequenceMachine<KeyChord>.Ending) -> Void)?
  ) {
    self.host = host
    self.ended = ended
    var scopes: [String?] = []
    var grouped: [[HotkeyRouter.Binding]] = []
    // Device-limited groups first: they are tried before the others.
    for binding in bindings.filter({ $0.devices != nil }) + bindings.filter({ $0.devices == nil }) {
      let scope = binding.devices?.scope
      if let index = scopes.firstIndex(of: scope) {
        grouped[index].append(binding)
      } else {
        scopes.append(scope)
        grouped.append([binding])
      }
    }
    groups = grouped.map { bindings in
      Group(
        accepts: bindings[0].devices?.accepts, bindings: bindings,
        machine: KeySequenceMachine(sequences: bindings.map { [$0.chord] + $0.following }, timing: timing))
    }
    starts = groups.map { ($0.machine.nextKeys, $0.accepts) }
  }

  /// Whether there are sequences at all.
  var isEmpty: Bool { groups.isEmpty }

  /// Whether a sequence is under way.
  var isPending: Bool { pending != nil }

  /// A key down the hotkey stage got: the first key of a sequence (or the
  /// next, when a modal that came meanwhile is in front of the watch).
  func route(_ event: KeyEvent) -> Disposition {
    if pending != nil { return next(event) }
    for (index, start) in starts.enumerated() where start.accepts?(event.device) != false {
      guard let chord = start.keys.first(where: { $0.matches(event) }) else { continue }
      pending = (index, event)
      apply(groups[index].machine.press(chord), to: index)
      if pending != nil && watch == nil {
        watch = host.observe(.keyDown, tier: .modal) { [weak self] notification in
          guard let self, let event = notification.keyEvent else { return .pass }
          return self.next(event)
        }
      }
      return .consume
    }
    return .pass
  }

  /// Ends a sequence under way, and stops routing.
  func stop() {
    if let pending { apply(groups[pending.group].machine.cancel(), to: pending.group) }
    groups = []
    starts = []
  }

  /// A key while a sequence is under way.
  private func next(_ event: KeyEvent) -> Disposition {
    guard let (index, _) = pending else { return .pass }
    switch event.action {
    case .down:
      guard ModifierSet(key: event.code).isEmpty else { return .pass }
      let accepted = groups[index].accepts?(event.device) != false
      let chord = accepted ? groups[index].machine.nextKeys.first(where: { $0.matches(event) }) : nil
      apply(groups[index].machine.press(chord), to: index)
      return .consume
    case .up:
      return .pass
    default:
      return ModifierSet(key: event.code).isEmpty ? .consume : .pass
    }
  }

  private func apply(_ outputs: [KeySequenceMachine<KeyChord>.Output], to index: Int) {
    for output in outputs {
      switch output {
      case .fire(let done):
        let start = pending?.start
        finish()
        if let start { groups[index].bindings[done].perform(start) }
      case .ended(let ending):
        finish()
        ended?(ending)
      case .showHint(let entries):
        showHint(entries, in: index)
      case .hideHint:
        if let hintID { host.closeModal(hintID) }
        hintID = nil
      case .startTimer(let delay):
        if let timer { host.cancel(timer) }
        timer = host.schedule(after: delay) { [weak self] in self?.timerFired(index) }
      case .cancelTimer:
        if let timer { host.cancel(timer) }
        timer = nil
      }
    }
  }

  /// No sequence under way any more: the watch goes.
  private func finish() {
    pending = nil
    if let watch { host.removeObserver(watch) }
    watch = nil
  }

  private func timerFired(_ index: Int) {
    timer = nil
    guard pending?.group == index else { return }
    apply(groups[index].machine.timerFired(), to: index)
  }

  private func showHint(_ entries: [KeySequenceMachine<KeyChord>.HintEntry], in index: Int) {
    let group = groups[index]
    let prefix = group.machine.prefix
    // The sequences under way, whose key names name the keys so far and next.
    let underWay = group.bindings.filter { ([$0.chord] + $0.following).starts(with: prefix) }
    let title = underWay.first.map { $0.keyNames.prefix(prefix.count).joined(separator: " ") } ?? ""
    let lines = entries.map { entry -> (key: String, does: String) in
      let binding = underWay.first { ([$0.chord] + $0.following).dropFirst(prefix.count).first == entry.key }
      let key = binding.map { $0.keyNames.count > prefix.count ? $0.keyNames[prefix.count] : "" } ?? ""
      if let done = entry.finishes { return (key, group.bindings[done].label) }
      return (key, "+\(entry.continuing) more")
    }
    // "key: what", not columns: presenters wrap text at spaces, and speech reads it.
    let text = lines.map { "\($0.key): \($0.does)" }
    var picture = ModalPicture(
      id: hintID ?? "hint-\(hints + 1)", kind: "hint", title: title, text: text.joined(separator: "\n"))
    picture.wakesTV = false
    if hintID == nil {
      hints += 1
      hintID = picture.id
      host.showModal(picture)
    } else {
      host.updateModal(picture)
    }
  }
}
