public import KeyMenuEngineActor
public import KeyMenuPluginAPI

/// Keeps the picture of what is in front, bottom to top, from the alert,
/// menu and dialog notifications, and posts it whole (`modal.changed`, payload
/// ``ModalSnapshot``) after every change.
///
/// Presenters and subscribers need only this stream: the first snapshot they
/// get after subscribing is complete, and each one replaces the last.
@EngineActor
public final class ModalStack {
  private var entries: [(id: String, entry: ModalEntry)] = []

  /// An empty stack.
  nonisolated public init() {}

  /// The current picture.
  public var snapshot: ModalSnapshot { ModalSnapshot(stack: entries.map(\.entry)) }

  /// The id of the alert or menu in front, if any.
  public var frontID: String? { entries.last?.id }

  /// How many alerts and menus are in the stack (cheaper than ``snapshot``).
  public var depth: Int { entries.count }

  /// The notifications the stack follows.
  static let followed: [Notification.Name] = [
    .alertShown, .alertFocus, .alertAnswered, .menuOpened, .menuUpdated, .menuChanged, .menuClosed,
    .dialogShown, .dialogUpdated, .dialogClosed,
  ]

  /// Follows the notifications of `center` and posts `modal.changed` to it.
  public func follow(_ center: NotificationCenter) -> [ObserverToken] {
    Self.followed.map { name in
      center.observe(name) { [weak self, weak center] notification in
        guard let self, let center, self.apply(notification) else { return }
        center.post(.modalChanged(self.snapshot))
      }
    }
  }

  /// Applies one notification; returns whether the stack changed.
  func apply(_ notification: Notification) -> Bool {
    switch notification.name {
    case .alertShown:
      guard let alert = notification.payload(as: AlertSnapshot.self) else { return false }
      return push(alert.id, .alert(alert))
    case .alertFocus:
      guard let alert = notification.payload(as: AlertSnapshot.self) else { return false }
      return replace(alert.id, .alert(alert))
    case .alertAnswered:
      guard let answered = notification.payload(as: AlertAnswered.self) else { return false }
      return remove(answered.id)
    case .menuOpened:
      guard let menu = notification.payload(as: MenuSnapshot.self) else { return false }
      return push(menu.id, .menu(menu))
    case .menuUpdated:
      guard let menu = notification.payload(as: MenuSnapshot.self) else { return false }
      return replace(menu.id, .menu(menu))
    case .menuChanged:
      guard let changed = notification.payload(as: MenuChanged.self) else { return false }
      return replace(changed.snapshot.id, .menu(changed.snapshot))
    case .menuClosed, .dialogClosed:
      guard let id = notification.payload(as: String.self) else { return false }
      return remove(id)
    case .dialogShown:
      guard let dialog = notification.payload(as: DialogSnapshot.self) else { return false }
      return push(dialog.id, .dialog(dialog))
    case .dialogUpdated:
      guard let dialog = notification.payload(as: DialogSnapshot.self) else { return false }
      return replace(dialog.id, .dialog(dialog))
    default:
      return false
    }
  }

  private func push(_ id: String, _ entry: ModalEntry) -> Bool {
    entries.removeAll { $0.id == id }
    entries.append((id, entry))
    return true
  }

  private func replace(_ id: String, _ entry: ModalEntry) -> Bool {
    guard let index = entries.firstIndex(where: { $0.id == id }) else { return false }
    entries[index].entry = entry
    return true
  }

  private func remove(_ id: String) -> Bool {
    let before = entries.count
    entries.removeAll { $0.id == id }
    return entries.count != before
  }
}
