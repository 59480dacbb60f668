/// What an object a client makes keymenud hold costs in resident memory, in
/// bytes: the unit of the holdings ledger's bounds
/// (``ProtocolLimits/maximumHeldBytesPerUID``,
/// ``ProtocolLimits/maximumHeldBytesInAll``), charged while the object waits
/// for its answer or is kept.
///
/// Not the bytes of its text alone: one 1-byte menu item costs 570 to 740
/// bytes once held, and about 820 at the peak of a menu sent in parts (its
/// values, its selector and the registry's entry, its row in the picture;
/// the last part builds the menu's sections beside the items), and a text
/// is kept in the request's values, the kind's state and the picture. The
/// figures come from `bench/holding-cost.py` (VmRSS per object of each
/// shape, and with `--check` the peak of the shapes filled to the uid's
/// share), rounded up, so that what the ledger allows is what the memory
/// can take.
public enum HoldingCost {
  /// Any held object besides its parts: its state and picture, the
  /// request's bookkeeping, the closures that answer it.
  public static let object = 12 * 1024
  /// One item of a menu or list (at any level), or one button. It was 640
  /// until a 52,001-item menu in parts was measured at 39.9-40.2 MiB at its
  /// peak against the uid's 32 MiB; at 1024 a menu opened at the share
  /// peaks at 0.86 of it (960 gave 0.89-0.94, too close to call it safe).
  public static let item = 1024
  /// One line of a long text (a text box's lines are strings of their own).
  public static let line = 64
  /// Each byte of text counts this many times (its copies).
  public static let textCopies = 3

  /// What `text` costs.
  public static func text(_ text: String) -> Int { text.utf8.count * textCopies }

  /// What an optional `text` costs; nothing when absent.
  public static func text(_ text: String?) -> Int { text.map(Self.text) ?? 0 }
}
