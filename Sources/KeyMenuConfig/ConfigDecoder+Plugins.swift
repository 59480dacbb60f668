import KeyMenuPluginAPI
import KeyMenuProtocol

extension ConfigDecoder {
  /// Every built-in plugin (configured or not, in catalog order), then the
  /// external plugins in the order written.
  mutating func plugins(_ node: ConfigNode?) -> [PluginSettings] {
    var sections: [String: ConfigNode] = [:]
    var externalNames: [String] = []
    if let node {
      if let entries = node.entries {
        for entry in entries {
          sections[entry.key] = entry.node
          if !descriptors.contains(where: { $0.name == entry.key }) { externalNames.append(entry.key) }
        }
      } else {
        diagnostics.error(
          "plugins must be a table of plugins ([plugins.NAME]), not \(node.typeName)", at: node.location)
      }
    }
    let builtins = descriptors.map { builtin($0, sections[$0.name]) }
    return builtins + externalNames.compactMap { external($0, sections[$0]!) }
  }

  /// A built-in plugin's section: `enabled` and the options it declares.
  private mutating func builtin(_ descriptor: PluginDescriptor, _ node: ConfigNode?) -> PluginSettings {
    let name = "[plugins.\(descriptor.name)]"
    guard let node, var table = TableReader(node, name: name, key: "plugins.\(descriptor.name)", &diagnostics)
    else {
      return PluginSettings(
        name: descriptor.name, enabled: descriptor.enabledByDefault, kind: .builtin,
        options: descriptor.withDefaults(PluginConfiguration()))
    }
    let enabled = table.bool("enabled", &diagnostics) ?? descriptor.enabledByDefault
    var values: [String: PluginConfiguration.Value] = [:]
    for option in descriptor.options {
      guard let valueNode = table.node(option.key) else { continue }
      let value = pluginValue(valueNode)
      if let problem = option.problem(with: value) {
        diagnostics.error(problem, at: valueNode.location)
      } else {
        values[option.key] = value
      }
    }
    if table.has("program") {
      diagnostics.error(
        "\(descriptor.name) is a built-in plugin; an external plugin needs a name of its own",
        at: table.keyLocation("program"))
      _ = table.node("program")
    }
    table.reportUnknownKeys(&diagnostics)
    return PluginSettings(
      name: descriptor.name, enabled: enabled, kind: .builtin,
      options: descriptor.withDefaults(PluginConfiguration(values)))
  }

  /// An external plugin's section: `program`, `user`, `group`, `tier`, `restart`, `enabled`.
  private mutating func external(_ name: String, _ node: ConfigNode) -> PluginSettings? {
    guard var table = TableReader(node, name: "[plugins.\(name)]", key: "plugins.\(name)", &diagnostics)
    else {
      return nil
    }
    guard table.has("program") else {
      let names = descriptors.map(\.name)
      let hint =
        Suggestion.closest(to: name, in: names).map { "did you mean '\($0)'? " } ?? ""
      diagnostics.error(
        "unknown plugin '\(name)': \(hint)built-in plugins are \(names.joined(separator: ", ")); "
          + "an external plugin needs program = [\"/path/to/program\", ...]",
        at: table.location)
      return nil
    }
    let enabled = table.bool("enabled", &diagnostics) ?? true
    let program = table.strings("program", &diagnostics) ?? []
    if table.has("program"), program.isEmpty || program[0].isEmpty {
      diagnostics.error(
        "program needs the program's path first, then its arguments", at: table.valueLocation("program"))
    } else if let path = program.first, !path.hasPrefix("/") {
      diagnostics.error(
        "program must start with an absolute path (keymenud does not search PATH), not '\(path)'",
        at: table.valueLocation("program"))
    }
    let user = table.string("user", &diagnostics)
    let group = table.string("group", &diagnostics)
    if let user {
      if user == "root" || lookup.userID(user) == 0 {
        diagnostics.error(
          "plugins must not run as root; set user to an unprivileged user such as \"nobody\"",
          at: table.valueLocation("user"))
      } else if lookup.userID(user) == nil, enabled {
        diagnostics.error("unknown user '\(user)'", at: table.valueLocation("user"))
      }
    } else if !table.has("user") {
      diagnostics.error(
        "an external plugin needs user = \"...\", the unprivileged user it runs as (such as \"nobody\")",
        at: table.location)
    }
    if let group {
      if group == "root" || lookup.groupID(group) == 0 {
        diagnostics.error("plugins must not run with group root", at: table.valueLocation("group"))
      } else if lookup.groupID(group) == nil, enabled {
        diagnostics.error("unknown group '\(group)'", at: table.valueLocation("group"))
      }
    }
    var tier = Tier.drive
    if let text = table.string("tier", &diagnostics) {
      tier =
        choice(
          text, key: "tier", options: Tier.allCases.map { ($0.rawValue, $0) }, at: table.valueLocation("tier")
        )
        ?? .drive
    }
    var restart = ExternalPlugin.Restart.onFailure
    if let text = table.string("restart", &diagnostics) {
      restart =
        choice(
          text, key: "restart", options: ExternalPlugin.Restart.allCases.map { ($0.rawValue, $0) },
          at: table.valueLocation("restart")) ?? .onFailure
    }
    var settings = ExternalPlugin(
      program: program, user: user ?? "", group: group, tier: tier, restart: restart)
    if let delay = milliseconds("restart_delay_ms", in: &table) { settings.restartDelay = delay }
    if let interval = milliseconds("ping_interval_ms", in: &table) { settings.pingInterval = interval }
    if let timeout = milliseconds("ping_timeout_ms", in: &table) { settings.pingTimeout = timeout }
    table.reportUnknownKeys(&diagnostics)
    guard user != nil, !program.isEmpty else { return nil }
    return PluginSettings(name: name, enabled: enabled, kind: .external(settings))
  }

  /// A configuration value as a plugin sees it.
  func pluginValue(_ node: ConfigNode) -> PluginConfiguration.Value {
    switch node.value {
    case .string(let text): .string(text)
    case .integer(let integer): .integer(integer)
    case .float(let double): .double(double)
    case .boolean(let bool): .bool(bool)
    case .array(let nodes): .array(nodes.map(pluginValue))
    case .table(let entries): .table(Dictionary(entries.map { ($0.key, pluginValue($0.node)) }) { $1 })
    case .other(let name): .string(name)
    }
  }
}
