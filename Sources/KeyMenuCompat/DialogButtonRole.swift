/// What a button of a whiptail or dialog box stands for, whatever its
/// title: OK or Yes (exit 0), Cancel or No (1), dialog's Extra (3) and
/// Help (2), in the order dialog lays them out.
public enum DialogButtonRole: Sendable, Hashable {
  /// OK, Yes.
  case ok
  /// dialog's `--extra-button`.
  case extra
  /// Cancel, No.
  case cancel
  /// dialog's `--help-button`.
  case help

  /// The role `--default-button NAME` names (`ok`, `yes`, `extra`,
  /// `cancel`, `no`, `help`; the parser accepts no other).
  init(name: String) {
    switch name {
    case "extra": self = .extra
    case "cancel", "no": self = .cancel
    case "help": self = .help
    default: self = .ok
    }
  }

  /// Its title: the script's label, else the program's own.
  func title(_ options: DialogOptions, yesNo: Bool, flavor: CompatFlavor = .dialog) -> String {
    switch self {
    case .ok:
      yesNo ? options.yesLabel ?? "Yes" : options.okLabel ?? (flavor == .dialog ? "OK" : "Ok")
    case .extra: options.extraLabel ?? "Extra"
    case .cancel: yesNo ? options.noLabel ?? "No" : options.cancelLabel ?? "Cancel"
    case .help: options.helpLabel ?? "Help"
    }
  }
}
