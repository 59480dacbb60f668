/// A tap or click on the modal in front, from a presenter on a touch screen
/// or under a pointer (`modal.tap`): posted to the modal tier as
/// ``Notification/Name/modalTapped``, so that only the front modal's kind
/// sees it, as with a key.
public struct ModalTap: Hashable, Sendable {
  /// What was tapped.
  public enum Target: Hashable, Sendable {
    /// A menu item or a choice, by its index in the whole list shown (a
    /// picture's `offset` counted).
    case item(Int)
    /// A button, by index.
    case button(Int)
    /// Rows to move by: negative up (a wheel's notches, a swipe).
    case scroll(Int)
  }

  /// The modal's id, as the presenter's picture carries it: a tap meant
  /// for a modal that has since gone answers nothing.
  public var id: String
  public var target: Target

  /// Creates a tap.
  public init(id: String, target: Target) {
    self.id = id
    self.target = target
  }
}

extension Notification.Name {
  /// A presenter's tap on the modal in front; payload ``ModalTap``. Posted
  /// to the modal tier only: the kind whose modal has the tap's id answers
  /// it as the keys that pick that item or button would.
  public static let modalTapped: Self = "modal.tapped"
}
