import Glibc

/// Which locales' compose tables (`/usr/share/X11/locale/*/Compose`) to
/// try, in order.
public enum ComposeLocale {
  /// The locales used when the environment names none that fits.
  public static let fallbacks = ["C.UTF-8", "en_US.UTF-8"]

  /// ``candidates(environment:)`` of this process's environment.
  public static func candidates() -> [String] {
    var environment: [String: String] = [:]
    for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
      if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    return candidates(environment: environment)
  }

  /// The locale of `LC_ALL`, `LC_CTYPE` or `LANG` (the first that is set
  /// and not empty, as setlocale(3) picks `LC_CTYPE`), then
  /// ``fallbacks``.
  ///
  /// A locale that is not UTF-8 (`C`, `POSIX`, `de_DE.ISO-8859-1`) is
  /// skipped: its compose table's strings are not UTF-8, and keymenu's text is.
  public static func candidates(environment: [String: String]) -> [String] {
    let named = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    var locales: [String] = []
    if let named, isUTF8(named) { locales.append(named) }
    for fallback in fallbacks where !locales.contains(fallback) { locales.append(fallback) }
    return locales
  }

  /// Whether a locale name says UTF-8 (`de_DE.UTF-8`, `de_DE.utf8`, `C.UTF-8@euro`).
  static func isUTF8(_ locale: String) -> Bool {
    guard let dot = locale.firstIndex(of: ".") else { return false }
    let codeset = locale[locale.index(after: dot)...].prefix { $0 != "@" }.lowercased()
    return codeset == "utf-8" || codeset == "utf8"
  }
}
