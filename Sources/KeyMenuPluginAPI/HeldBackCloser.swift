import KeyMenuCore
public import KeyMenuEngineActor
import KeyMenuProtocol

/// Back held on a modal closes every modal of that modal's owner: a
/// remote's way out of a stack of menus and alerts one script or the
/// configuration put up, as Kodi's long Back goes home.
///
/// Back itself still does what it does, at once, on its way down (a menu
/// goes up a level, an alert takes its cancel button): holding adds, it
/// never delays. If Back (`KEY_BACK`, a remote's) is still down
/// `threshold` later, with no other key pressed meanwhile, the owner of
/// the modal that was in front when it went down (``ModalPicture/owner``)
/// has every modal dismissed: the ``Notification/Name/ownerDismissed``
/// notification, which each kind answers for its own, queued ones too.
///
/// It watches as presenters do (a passive observer): the modal in front is
/// the one the last `modal.changed` showed, which a key's handling changes
/// only after the key, so the owner is the one Back was pressed on.
@EngineActor public final class HeldBackCloser {
  private let host: any PluginHost
  private let threshold: Duration
  private var front: ModalPicture?
  /// The owner Back went down on, and the timer, while it is held.
  private var held: (owner: String, device: DeviceID, timer: TimerToken)?
  private var tokens: [ObserverToken] = []

  /// Watches from now until ``stop()`` or the end of the plugin whose host
  /// it is (its observers keep it until then).
  public init(host: any PluginHost, threshold: Duration) {
    self.host = host
    self.threshold = threshold
    front = host.modalSnapshot.front
    tokens.append(
      host.observe(.modalChanged, tier: .passive) { notification in
        self.front = notification.modalSnapshot?.front
        return .pass
      })
    tokens.append(
      host.observe(nil, tier: .passive) { notification in
        if let event = notification.keyEvent { self.follow(event) }
        return .pass
      })
  }

  /// Stops watching.
  public func stop() {
    for token in tokens { host.removeObserver(token) }
    tokens = []
    release()
  }

  private func follow(_ event: KeyEvent) {
    switch event.action {
    case .down where event.code == Self.back && !event.isSynthetic:
      release()
      guard let owner = front?.owner else { return }
      let timer = host.schedule(after: threshold) { [weak self] in self?.fire() }
      held = (owner, event.device, timer)
    case .down:
      release()
    case .up where event.code == Self.back && event.device == held?.device:
      release()
    default:
      break
    }
  }

  private func fire() {
    guard let owner = held?.owner else { return }
    held = nil
    host.post(Notification(.ownerDismissed, payload: owner))
  }

  private func release() {
    if let timer = held?.timer { host.cancel(timer) }
    held = nil
  }

  /// `KEY_BACK`.
  static let back = KeyCode(158)
}
