public import KeyMenuProtocol

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

/// A modal's picture: its secret parts are a masked field's and the
/// on-screen keyboard's (``ModalPicture/redacted``).
extension ModalPicture: SecretPicture {}
