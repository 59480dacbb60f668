/// What a whiptail or dialog command line asks for.
public enum DialogInvocation: Sendable, Hashable {
  /// `--help` / `-h`: print the usage and exit 0.
  case help
  /// `--version` / `-v`: print the version and exit 0.
  case version
  /// A box to show, with the shared options.
  case box(DialogRequest, DialogOptions)
  /// Something keymenu does not do (another dialog box, chained boxes):
  /// the real program is run instead, with the same arguments. The reason
  /// says what it was.
  case unsupported(String)
}
