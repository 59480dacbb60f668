/// The options every box shares, as whiptail and dialog spell them
/// (`--title`, `--yes-button` / `--yes-label`, `--output-fd`, ...).
/// Options that only change how a box is drawn (`--fb`, `--clear`,
/// dialog's `--colors`, ...) are accepted and not kept.
public struct DialogOptions: Sendable, Hashable {
  /// `--title`: the box's title.
  public var title: String?
  /// `--backtitle`: the line at the top of the screen.
  public var backtitle: String?
  /// `--yes-button` / `--yes-label`.
  public var yesLabel: String?
  /// `--no-button` / `--no-label`.
  public var noLabel: String?
  /// `--ok-button` / `--ok-label`.
  public var okLabel: String?
  /// `--cancel-button` / `--cancel-label`.
  public var cancelLabel: String?
  /// `--defaultno`: No is focused at first.
  public var defaultNo = false
  /// dialog's `--default-button`: `ok`, `yes`, `cancel`, `no`, `extra`
  /// or `help` (lowercased), when given.
  public var defaultButton: String?
  /// `--default-item TAG`: the menu item highlighted at first.
  public var defaultItem: String?
  /// `--nocancel` / `--no-cancel`: no Cancel button.
  public var noCancel = false
  /// `--notags` / `--no-tags`: menus show only the items' text.
  public var noTags = false
  /// whiptail's `--scrolltext`: the text of a message or text box takes the
  /// focus first (Enter and Space do nothing until Tab reaches the button).
  public var scrollText = false
  /// `--noitem` / `--no-items`: lists have tags and no descriptions.
  public var noItem = false
  /// `--separate-output`: a checklist's tags one per line, unquoted.
  public var separateOutput = false
  /// The descriptor the result is written to: 2 (stderr) unless
  /// `--output-fd N` (or dialog's `--stdout`, 1).
  public var outputDescriptor: Int32 = 2
  /// dialog's `--max-input N`: the longest text an input box takes.
  public var maximumInput: Int?
  /// dialog's `--timeout SECONDS`: the box gives up (exit 255).
  public var timeoutSeconds: Int?
  /// dialog's `--quoted`: quote every tag of a checklist's result.
  public var quoteAll = false
  /// dialog's `--single-quoted`: quote with `'` where needed.
  public var singleQuoted = false

  /// The defaults: nothing set, the result on stderr.
  public init() {}
}
