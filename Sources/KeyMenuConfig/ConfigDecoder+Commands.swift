extension ConfigDecoder {
  /// `[commands]`: `enabled`, `user`, `group`, `timeout_ms`,
  /// `max_running_per_uid`, `max_running`. Never root.
  mutating func commands(_ node: ConfigNode) -> CommandSettings {
    guard var table = TableReader(node, name: "[commands]", key: "commands", &diagnostics) else {
      return CommandSettings()
    }
    var settings = CommandSettings()
    settings.enabled = table.bool("enabled", &diagnostics) ?? false
    settings.user = table.string("user", &diagnostics)
    settings.group = table.string("group", &diagnostics)
    settings.timeout = milliseconds("timeout_ms", in: &table)
    let largest = CommandSettings.largestMaximumRunning
    for (key, keyPath) in [
      ("max_running_per_uid", \CommandSettings.maximumRunningPerUID), ("max_running", \.maximumRunning),
    ] {
      guard let value = table.integer(key, &diagnostics) else { continue }
      if (1...largest).contains(value) {
        settings[keyPath: keyPath] = value
      } else {
        diagnostics.error(
          "\(key) must be between 1 and \(largest) commands, not \(value)", at: table.valueLocation(key))
      }
    }
    table.reportUnknownKeys(&diagnostics)
    if let user = settings.user {
      let uid = lookup.userID(user)
      if user == "root" || uid == 0 {
        diagnostics.error(
          "commands must not run as root; set user to an unprivileged user such as \"nobody\"",
          at: table.valueLocation("user"))
      } else if uid == nil, settings.enabled {
        diagnostics.error(
          "unknown user '\(user)'; create it (useradd --system \(user)) or name an existing unprivileged user",
          at: table.valueLocation("user"))
      }
    } else if settings.enabled, !table.has("user") {
      diagnostics.error(
        "enabled = true needs user = \"...\", the unprivileged user commands run as (such as \"nobody\")",
        at: table.keyLocation("enabled"))
    }
    if let group = settings.group {
      let gid = lookup.groupID(group)
      if group == "root" || gid == 0 {
        diagnostics.error("commands must not run with group root", at: table.valueLocation("group"))
      } else if gid == nil, settings.enabled {
        diagnostics.error("unknown group '\(group)'", at: table.valueLocation("group"))
      }
    }
    return settings
  }
}
