import KeyMenuPluginAPI
import KeyMenuProtocol

/// Which desktop notification shows which alert: a pure state machine.
///
/// Fed the modal stack snapshot after every change and what the notification
/// server says, it returns what to do. Every alert in the stack gets one
/// notification (`Notify`) when it appears, whether in front or under a menu;
/// it is closed (`CloseNotification`) when the alert goes, also when the
/// server's id comes only after the alert has gone. Clicking an action answers
/// the alert with that button; closing the notification without choosing
/// answers with the cancel button when ``closeCancels`` is on and the alert
/// has one, and otherwise leaves the alert up, as does a notification that
/// expires. A notification that failed or went away is not shown again: the
/// next alert tries again.
struct NotifyMachine: Sendable {
  /// What to do.
  enum Action: Hashable, Sendable {
    /// Show this alert as a notification, then report ``notified(_:as:)``
    /// or ``notifyFailed(_:)``.
    case notify(ModalPicture)
    /// Close the notification with this id.
    case close(UInt32)
    /// Answer the alert with this button (reason `action`).
    case answer(alert: String, button: Int)
  }

  /// Where an alert's notification stands.
  enum Shown: Hashable, Sendable {
    /// `Notify` was sent; no id yet.
    case requested
    /// On screen with this id.
    case shown(UInt32)
    /// Not on screen (failed, clicked, closed or expired).
    case none
  }

  /// An alert in the stack and its notification.
  struct Entry: Hashable, Sendable {
    var alert: ModalPicture
    var state: Shown
  }

  /// Whether closing a notification without choosing picks the cancel button.
  var closeCancels: Bool
  /// The alerts in the stack, bottom first.
  private(set) var entries: [Entry] = []
  /// Alerts that went while their `Notify` call was waiting for its id.
  private(set) var orphans: Set<String> = []

  /// The closed-by-the-user reason of `NotificationClosed`.
  static let dismissedByUser: UInt32 = 2

  /// A machine with no alerts.
  init(closeCancels: Bool) { self.closeCancels = closeCancels }

  /// The modal stack changed.
  mutating func show(_ snapshot: ModalSnapshot) -> [Action] {
    let alerts = snapshot.stack.filter { $0.kind == ModalPicture.alertShape }
    let present = Set(alerts.map(\.id))
    var actions: [Action] = []
    for gone in entries where !present.contains(gone.alert.id) {
      switch gone.state {
      case .shown(let notification): actions.append(.close(notification))
      case .requested: orphans.insert(gone.alert.id)
      case .none: break
      }
    }
    let known = Dictionary(entries.map { ($0.alert.id, $0.state) }, uniquingKeysWith: { first, _ in first })
    entries = alerts.map { alert in
      if let state = known[alert.id] { return Entry(alert: alert, state: state) }
      actions.append(.notify(alert))
      return Entry(alert: alert, state: .requested)
    }
    return actions
  }

  /// The server showed the alert's notification under `notification`.
  mutating func notified(_ alert: String, as notification: UInt32) -> [Action] {
    if orphans.remove(alert) != nil { return [.close(notification)] }
    update(alert: alert) { $0.state = $0.state == .requested ? .shown(notification) : $0.state }
    return []
  }

  /// The alert's notification could not be shown.
  mutating func notifyFailed(_ alert: String) {
    orphans.remove(alert)
    update(alert: alert) { $0.state = .none }
  }

  /// The person clicked an action: `key` is a button index.
  mutating func actionInvoked(_ notification: UInt32, key: String) -> [Action] {
    guard let index = entries.firstIndex(where: { $0.state == .shown(notification) }),
      let button = Int(key), entries[index].alert.buttons.indices.contains(button)
    else { return [] }
    entries[index].state = .none
    return [.answer(alert: entries[index].alert.id, button: button)]
  }

  /// The notification closed: expired (1), closed by the user (2), by a
  /// call (3), or otherwise.
  mutating func closed(_ notification: UInt32, reason: UInt32) -> [Action] {
    guard let index = entries.firstIndex(where: { $0.state == .shown(notification) }) else { return [] }
    entries[index].state = .none
    let alert = entries[index].alert
    guard reason == Self.dismissedByUser, closeCancels, let cancel = alert.cancel else { return [] }
    return [.answer(alert: alert.id, button: cancel)]
  }

  /// The bus connection went: every notification id is meaningless now.
  mutating func disconnected() {
    orphans.removeAll()
    for index in entries.indices { entries[index].state = .none }
  }

  /// Closes every notification shown (the plugin stops or moves to another
  /// bus); the alerts stay without one.
  mutating func closeAll() -> [Action] {
    let actions = entries.compactMap { entry -> Action? in
      if case .shown(let notification) = entry.state { .close(notification) } else { nil }
    }
    disconnected()
    return actions
  }

  private mutating func update(alert: String, _ change: (inout Entry) -> Void) {
    if let index = entries.firstIndex(where: { $0.alert.id == alert }) { change(&entries[index]) }
  }
}
