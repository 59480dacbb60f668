import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuProtocol

/// `keymenuctl status` for a person: the daemon's status (`daemon.status`)
/// as a few lines rather than a JSON dump (`--json` prints the JSON).
enum StatusSummary {
  /// The lines for `status`, each made safe for a terminal.
  static func lines(_ status: DaemonStatusResult) -> [String] {
    var lines = [
      "keymenud \(status.version) (protocol \(status.protocolVersion)), up \(uptime(status.uptimeMilliseconds))"
    ]
    let files = status.configSources
    var configuration =
      "configuration: " + (files.isEmpty ? "(none loaded yet)" : files.joined(separator: ", "))
    if status.reloads > 0 { configuration += "; reloaded \(count(status.reloads, "time"))" }
    lines.append(configuration)
    if let error = status.lastReloadError { lines.append("last reload failed: \(error)") }
    lines.append(
      "devices: \(status.devices), \(status.grabbed) grabbed (grab \(status.grabPolicy))"
        + (status.resyncs > 0 ? "; \(count(status.resyncs, "resync")) after dropped events" : ""))
    lines.append("clients: \(status.clients)")
    let depth = status.modalDepth
    lines.append(
      "in front: " + (depth == 0 ? "nothing" : "\(count(depth, "alert or menu", plural: "alerts or menus"))"))
    if !status.plugins.isEmpty {
      lines.append("plugins:")
      let rows = status.plugins.map { plugin in [plugin.name, plugin.kind, plugin.state, plugin.error ?? ""] }
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
