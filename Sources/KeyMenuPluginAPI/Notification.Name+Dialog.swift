extension Notification.Name {
  /// A dialog-family modal came to the stack; payload ``ModalPicture``.
  public static let dialogShown: Self = "dialog.shown"
  /// A shown dialog changed (typing, focus); payload ``ModalPicture``,
  /// which replaces the one with its id.
  public static let dialogUpdated: Self = "dialog.updated"
  /// A dialog ended and left the stack; payload its id (`String`).
  public static let dialogClosed: Self = "dialog.closed"
}
