public import KeyMenuEngineActor
public import KeyMenuPluginAPI
public import KeyMenuProtocol

/// Keeps the picture of what is in front, bottom to top, as the modal kinds
/// tell it (``PluginHost/showModal(_:)``, ``PluginHost/updateModal(_:)``,
/// ``PluginHost/closeModal(_:)``), and posts it whole (`modal.changed`,
/// payload ``ModalSnapshot``) after every change. It names no kind: an
/// entry is whatever a kind shows.
///
/// Presenters and subscribers need only this stream: the first snapshot they
/// get after subscribing is complete, and each one replaces the last.
@EngineActor
public final class ModalStack {
  private var entries: [(id: String, entry: ModalPicture)] = []
  private unowned let center: NotificationCenter

  /// An empty stack that posts its changes to `center`.
  nonisolated public init(center: NotificationCenter) {
    self.center = center
  }

  /// The current picture.
  public var snapshot: ModalSnapshot { ModalSnapshot(stack: entries.map(\.entry)) }

  /// The id of the modal in front, if any.
  public var frontID: String? { entries.last?.id }

  /// How many modals are in the stack (cheaper than ``snapshot``).
  public var depth: Int { entries.count }

  /// Puts `entry` in front (one with its id moves there).
  public func show(_ entry: ModalPicture) {
    entries.removeAll { $0.id == entry.id }
    entries.append((entry.id, entry))
    changed()
  }

  /// Replaces the entry with `entry`'s id where it is; nothing when there is none.
  public func update(_ entry: ModalPicture) {
    guard let index = entries.firstIndex(where: { $0.id == entry.id }) else { return }
    entries[index].entry = entry
    changed()
  }

  /// Takes the entry with `id` off the stack; nothing when there is none.
  public func close(_ id: String) {
    let before = entries.count
    entries.removeAll { $0.id == id }
    if entries.count != before { changed() }
  }

  private func changed() {
    center.post(.modalChanged(snapshot))
  }
}
