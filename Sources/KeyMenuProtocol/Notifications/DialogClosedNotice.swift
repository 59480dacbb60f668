/// `dialog.closed` params: the dialog that left the stack, `{"id":"prompt-1"}`.
public struct DialogClosedNotice: Codable, Sendable, Hashable {
  /// The dialog's id.
  public var id: String

  /// Creates the params.
  public init(id: String) { self.id = id }
}
