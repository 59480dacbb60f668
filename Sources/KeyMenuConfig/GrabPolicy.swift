/// When keymenu grabs its keyboards (`EVIOCGRAB`), so that keys reach only
/// keymenu and not the console, X or Wayland.
///
/// Written as `grab = "..."` in `[devices]`.
public enum GrabPolicy: String, Hashable, Sendable, CaseIterable {
  /// Never grab: every key also reaches the rest of the system.
  case never
  /// Grab while an alert or menu is in front, so its keys do not leak (the default).
  case whileModal = "while-modal"
  /// Always grab: the devices belong to keymenu alone.
  case always
}
