/// Identifies one registered observer; pass it to
/// ``NotificationCenter/removeObserver(_:)`` to stop delivery.
public struct ObserverToken: Hashable, Sendable, CustomStringConvertible {
  /// The number the notification center gave it.
  public let id: UInt64

  /// Wraps a number; only the notification center makes tokens.
  public init(id: UInt64) { self.id = id }

  public var description: String { "observer#\(id)" }
}

/// Where an observer sits in the delivery order of a notification.
public enum ObserverTier: Sendable, Hashable {
  /// A modal handler (the alert or menu in front). Only the newest modal
  /// registration sees key notifications, first of all, and may consume
  /// them; other notifications do not go to modal handlers.
  case modal
  /// A hotkey binding: after the modal handler, in registration order; the
  /// first one that consumes ends the hotkey stage.
  case hotkey
  /// A passive observer (a presenter, a subscriber): sees every
  /// notification last, consumed or not.
  case passive
}

/// What a modal or hotkey handler did with a notification.
public enum Disposition: Sendable, Hashable {
  /// Let it go on to the next stage.
  case pass
  /// Take it: no further modal or hotkey handler sees it.
  case consume
}

/// How a notification was delivered.
public enum DeliveryOutcome: Sendable, Hashable {
  /// A modal handler consumed it.
  case consumedByModal
  /// A hotkey binding consumed it.
  case consumedByHotkey
  /// Nobody consumed it.
  case notConsumed
  /// It was posted while another notification was being delivered and will
  /// be delivered right after that one.
  case queued
}
