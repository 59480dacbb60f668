import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuProtocol

/// `keymenuctl status` for a person: the daemon's status (`daemon.status`)
/// as a few lines rather than a JSON dump (`--json` prints the JSON).
enum StatusSummary {
  /// The lines for `status`, each made safe for a terminal.
  static func lines(_ status: JSONValue) -> [String] {
    func number(_ key: String) -> Int { status[key]?.intValue ?? 0 }
    var lines = [
      "keymenud \(status["version"]?.stringValue ?? "?") (protocol \(number("protocol"))), up \(uptime(number("uptime_ms")))"
    ]
    let files = status["config"]?.arrayValue?.compactMap(\.stringValue) ?? []
    var configuration =
      "configuration: " + (files.isEmpty ? "(none loaded yet)" : files.joined(separator: ", "))
    if number("reloads") > 0 { configuration += "; reloaded \(count(number("reloads"), "time"))" }
    lines.append(configuration)
    if let error = status["last_reload_error"]?.stringValue { lines.append("last reload failed: \(error)") }
    lines.append(
      "devices: \(number("devices")), \(number("grabbed")) grabbed (grab \(status["grab"]?.stringValue ?? "?"))"
        + (number("resyncs") > 0 ? "; \(count(number("resyncs"), "resync")) after dropped events" : ""))
    lines.append("clients: \(number("clients"))")
    let depth = number("modal_depth")
    lines.append(
      "in front: " + (depth == 0 ? "nothing" : "\(count(depth, "alert or menu", plural: "alerts or menus"))"))
    let plugins = status["plugins"]?.arrayValue ?? []
    if !plugins.isEmpty {
      lines.append("plugins:")
      let rows = plugins.map { plugin in
        [
          plugin["name"]?.stringValue ?? "", plugin["kind"]?.stringValue ?? "",
          plugin["state"]?.stringValue ?? "", plugin["error"]?.stringValue ?? "",
        ]
      }
      lines += TextTable.lines(rows).map { "  " + $0 }
    }
    return lines.map { ShownText.visible($0) }
  }

  /// "1h 2m 3s", "4m 5s", "6s".
  static func uptime(_ milliseconds: Int) -> String {
    let seconds = milliseconds / 1000
    let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
    if hours > 0 { return "\(hours)h \(minutes)m \(rest)s" }
    if minutes > 0 { return "\(minutes)m \(rest)s" }
    return "\(rest)s"
  }

  static func count(_ n: Int, _ noun: String, plural: String? = nil) -> String {
    n == 1 ? "1 \(noun)" : "\(n) \(plural ?? noun + "s")"
  }
}
