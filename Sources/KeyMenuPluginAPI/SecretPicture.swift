/// Who may see the parts of a modal's picture from which a secret could be
/// rebuilt: a masked field's length and cursor as they change, the
/// on-screen keyboard's focus (which key is pressed next).
///
/// The daemon sends those parts only to the connection that asked and to
/// admin clients; everyone else gets the picture ``SecretPicture/redacted``.
public struct SecretOwner: Hashable, Sendable {
  /// The connection that asked (its own secret); nil when none did (the
  /// configuration's own), and then only admin clients may see it.
  public var connection: Int?

  /// The secret of `connection`'s modal.
  public init(connection: Int?) { self.connection = connection }
}

/// A picture (a notification's payload, an entry of the modal stack) that
/// may have parts only its ``SecretOwner`` may see. The daemon tells them
/// apart without knowing the kind: it sends ``redacted`` to everyone else,
/// and to them nothing at all for a change they would not see, so not even
/// the rhythm of the typing reaches them.
public protocol SecretPicture: Sendable {
  /// Names the modal while it lives (what its later pictures replace).
  var id: String { get }
  /// Set while the picture has secret parts.
  var secret: SecretOwner? { get }
  /// The picture without its secret parts; itself when it has none.
  var redacted: Self { get }
}

extension ModalEntry: SecretPicture {
  /// The entry's secret, if its kind has one (a masked field).
  public var secret: SecretOwner? {
    if case .dialog(let dialog) = self { return dialog.secret }
    return nil
  }

  /// The entry without its secret parts.
  public var redacted: ModalEntry {
    if case .dialog(let dialog) = self, dialog.secret != nil { return .dialog(dialog.redacted) }
    return self
  }
}
