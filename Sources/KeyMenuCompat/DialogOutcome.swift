/// How a box ended, as whiptail and dialog tell it with their exit status:
/// OK or Yes (0), Cancel or No (1), dialog's Help (2) and Extra (3), Esc
/// (255). Esc is not the Cancel
/// button: debconf reads 255 as "go back" and 1 on a yes/no as "No".
public enum DialogOutcome: Sendable, Hashable {
  /// OK, Yes, or Enter on an item: what is printed, if anything.
  case accepted(DialogResult)
  /// The Cancel or No button.
  case cancelled
  /// Esc, a remote's Back or Exit, a timeout (dialog's `--timeout`), or
  /// the box taken away (the panic chord, the daemon stopping).
  case escaped
  /// dialog's Extra button (`--extra-button`): what is printed, if anything.
  case extra(DialogResult)
  /// dialog's Help button (`--help-button`): what is printed, if anything.
  case help(DialogResult)

  /// The exit status: 0, 1 or 255 (whiptail's `DLG_ESCAPE` is returned as
  /// -1, which the shell sees as 255; dialog's `DIALOG_ESC` is 255).
  public var exitStatus: Int32 {
    switch self {
    case .accepted: 0
    case .cancelled: 1
    case .escaped: 255
    case .extra: 3
    case .help: 2
    }
  }

  /// What is printed on the output descriptor, if anything.
  public var printed: DialogResult? {
    switch self {
    case .accepted(let result), .extra(let result), .help(let result): result
    case .cancelled, .escaped: nil
    }
  }
}

/// What an accepted box prints on its output descriptor.
public enum DialogResult: Sendable, Hashable {
  /// Nothing (yes/no, message box, gauge).
  case nothing
  /// A text as typed (input box), without a newline.
  case text(String)
  /// The chosen tag (menu, radiolist), without a newline; dialog quotes it
  /// with `--quoted` where the shell needs it.
  case tag(String)
  /// A checklist's ticked tags, in the items' order.
  case tags([String])
}
