/// Which display system the overlay draws on (`--backend`).
public enum OverlayBackend: String, CaseIterable, Sendable {
  /// Wayland when `WAYLAND_DISPLAY` is set, else X11 when `DISPLAY` is.
  case auto
  /// An override-redirect popup window on an X server (or Xwayland).
  case x11
  /// A wlr-layer-shell surface on the overlay layer (gtk-layer-shell).
  case wayland

  /// The display system to use, given the environment; nil when `auto`
  /// finds neither variable set (or the chosen one's variable is missing).
  public func resolve(environment: [String: String]) -> OverlayBackend? {
    func has(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
    switch self {
    case .auto: return has("WAYLAND_DISPLAY") ? .wayland : (has("DISPLAY") ? .x11 : nil)
    case .x11: return has("DISPLAY") ? .x11 : nil
    case .wayland: return has("WAYLAND_DISPLAY") ? .wayland : nil
    }
  }

  /// The name GDK knows the backend by (`gdk_set_allowed_backends`).
  public var gdkName: String {
    switch self {
    case .auto: return "wayland,x11"
    case .x11: return "x11"
    case .wayland: return "wayland"
    }
  }
}
