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
  /// dialog's `--item-help`: each menu or list item has a help text after it
  /// (read and not shown).
  public var itemHelp = false
  /// dialog's `--colors`: `\Z` codes in the texts are colours (taken out).
  public var colors = false
  /// dialog's `--output-separator` (`--separator`): what a checklist's tags
  /// are joined by, or each followed by with `--separate-output`.
  public var outputSeparator: String?
  /// dialog's `--extra-button`: a button after OK or Yes (exit 3).
  public var extraButton = false
  /// dialog's `--extra-label`: its title (default `Extra`).
  public var extraLabel: String?
  /// dialog's `--help-button`: a button last (exit 2).
  public var helpButton = false
  /// dialog's `--help-label`: its title (default `Help`).
  public var helpLabel: String?
  /// `--separate-output`: a checklist's tags one per line, unquoted.
  public var separateOutput = false
  /// The descriptor the result is written to: 2 (stderr) unless
  /// `--output-fd N` (or dialog's `--stdout`, 1).
  public var outputDescriptor: Int32 = 2
  /// dialog's `--max-input N`: the longest text an input box takes.
  public var maximumInput: Int?
  /// dialog's `--timeout SECONDS`: the box gives up (exit 255).
  public var timeoutSeconds: Int?
  /// dialog's `--quoted`: a menu's or radiolist's tag, and each of
  /// `--separate-output`, quoted where the shell needs it (as a checklist's
  /// tags always are).
  public var quoteAll = false
  /// dialog's `--single-quoted`: quote with `'` where needed.
  public var singleQuoted = false

  /// The defaults: nothing set, the result on stderr.
  public init() {}
}

extension DialogOptions {
  /// The options with `change` applied to every text they show: the title,
  /// the backtitle and the buttons' labels.
  public func mappingTexts(_ change: (String) -> String) -> DialogOptions {
    var options = self
    options.title = title.map(change)
    options.backtitle = backtitle.map(change)
    options.yesLabel = yesLabel.map(change)
    options.noLabel = noLabel.map(change)
    options.okLabel = okLabel.map(change)
    options.cancelLabel = cancelLabel.map(change)
    options.extraLabel = extraLabel.map(change)
    options.helpLabel = helpLabel.map(change)
    return options
  }
}
