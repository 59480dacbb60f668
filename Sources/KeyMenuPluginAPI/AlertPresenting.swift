public import KeyMenuEngineActor

/// The service that puts alerts in front of a person (the Alerts plugin).
@EngineActor
public protocol AlertPresenting: Sendable {
  /// Shows an alert, after any already showing; `onAnswer` runs exactly once,
  /// with reason `key`, `timeout`, `dismissed` or `action`. Returns the alert's id.
  @discardableResult
  func present(
    _ alert: Alert, owner: String, onAnswer: @escaping @Sendable @EngineActor (AlertAnswer) -> Void
  ) -> String
  /// Answers the alert in front with one of its buttons, chosen through a
  /// presenter (a click on a notification): reason `action`. Returns false
  /// when that alert is not in front (already answered, still waiting) or has
  /// no such button.
  @discardableResult
  func answer(_ id: String, button: Int) -> Bool
  /// Dismisses one alert (front or waiting): answered with reason `dismissed`.
  /// Returns false when no alert has that id.
  @discardableResult
  func dismiss(_ id: String) -> Bool
  /// Dismisses every alert.
  func dismissAll()
}

/// The payload of `alert.answered`.
public struct AlertAnswered: Hashable, Sendable {
  /// The alert's id.
  public var id: String
  /// Who showed it.
  public var owner: String
  /// The answer.
  public var answer: AlertAnswer

  /// Creates the payload.
  public init(id: String, owner: String, answer: AlertAnswer) {
    self.id = id
    self.owner = owner
    self.answer = answer
  }
}

extension Notification.Name {
  /// An alert came to the front; payload ``ModalPicture``.
  public static let alertShown: Self = "alert.shown"
  /// Focus moved in the front alert; payload ``ModalPicture``.
  public static let alertFocus: Self = "alert.focus"
  /// An alert was answered; payload ``AlertAnswered``.
  public static let alertAnswered: Self = "alert.answered"
}
