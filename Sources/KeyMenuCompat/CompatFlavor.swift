/// Which program's command line a compatible command speaks: whiptail's
/// (newt) or dialog's (Thomas Dickey's). They share most options and the
/// exit statuses; they differ in a few spellings, in how a checklist's
/// result is quoted, and in how an unknown option ends.
public enum CompatFlavor: String, Sendable, Hashable, CaseIterable {
  case whiptail
  case dialog

  /// The flavor a program runs as, from the basename of its `argv[0]`:
  /// `dialog` and `keymenu-dialog` speak dialog, anything else whiptail.
  public init(programName: String) {
    let base = programName.split(separator: "/").last.map(String.init) ?? programName
    self = base == "dialog" || base == "keymenu-dialog" ? .dialog : .whiptail
  }

  /// The name of the system's real program, looked for on `PATH` when
  /// keymenud cannot be reached.
  public var realProgram: String { rawValue }

  /// The name of keymenu's command for this flavor.
  public var commandName: String { "keymenu-" + rawValue }
}
