import KeyMenuCore
import KeyMenuPluginAPI
import Logging

/// Turns a merged document into a ``DaemonConfiguration``, collecting every
/// problem on the way instead of stopping at the first.
///
/// One extension per section (`ConfigDecoder+Devices.swift`, ...). Checks that
/// need the whole document (menus named but not defined, commands while
/// commands are off) run at the end.
struct ConfigDecoder {
  let keyNames: KeyNameTable
  let lookup: AccountLookup
  /// The built-in plugins whose `[plugins.NAME]` sections are checked.
  let descriptors: [PluginDescriptor]
  var diagnostics = Diagnostics()
  /// Every `menu = "name"`, checked against the defined menus at the end.
  var menuReferences: [(name: String, location: ConfigLocation)] = []
  /// Every `run`, for the warning when commands are off.
  var commandLocations: [ConfigLocation] = []
  /// Where each `invoke` names its selector, by the location of the table
  /// it is in (an item's), for the check for invoke cycles.
  var invokeLocations: [ConfigLocation: ConfigLocation] = [:]
  /// The alerts whose timeout chooses a cancel button with a follow-up
  /// action, by the location of the table the alert is in (an item's, a
  /// button's), for the same check: nobody chooses what follows.
  var timeoutChoices: [ConfigLocation: TimeoutChoice] = [:]

  /// An alert's timeout choosing its cancel button, which has an action.
  struct TimeoutChoice {
    /// Where `timeout_ms` is written.
    var timeout: ConfigLocation
    /// The cancel button's title.
    var button: String
    /// Where the cancel button's table is (its action's table).
    var buttonTable: ConfigLocation
  }

  init(keyNames: KeyNameTable, lookup: AccountLookup, plugins: [PluginDescriptor]) {
    self.keyNames = keyNames
    self.lookup = lookup
    self.descriptors = plugins
  }

  /// Reads the top level and each section.
  mutating func decode(_ root: ConfigNode) -> DaemonConfiguration {
    var config = DaemonConfiguration.defaults
    var top = TableReader(entries: root.entries ?? [], location: root.location, name: "the top level")
    top.elsewhere = ["grab": "[devices]", "include": "[devices]", "exclude": "[devices]"]
    if let text = top.string("log_level", &diagnostics) {
      let levels = Logger.Level.allCases.map { ($0.rawValue, $0) }
      config.logLevel =
        choice(text, key: "log_level", options: levels, at: top.valueLocation("log_level")) ?? .info
    }
    config.logKeys = top.bool("log_keys", &diagnostics) ?? false
    if let node = top.node("devices") { (config.devices, config.grab) = devices(node) }
    if let node = top.node("hotkeys") { config.hotkeys = hotkeys(node) }
    if let node = top.node("gestures") { (config.gestureTiming, config.sequenceTiming) = gestures(node) }
    if let node = top.node("menus") { config.menus = menus(node) }
    config.hotkeys = config.hotkeys.map { $0.labelled(menus: config.menus) }
    if let node = top.node("commands") { config.commands = commands(node) }
    if let node = top.node("socket") { config.socket = socket(node) }
    if let node = top.node("keyboard") { config.keyboard = keyboard(node) }
    if let node = top.node("gamepad") { config.gamepad = gamepad(node) }
    if let node = top.node("remotes") { config.remotes = remotes(node) }
    if let node = top.node("cec") { config.cec = cec(node) }
    config.plugins = plugins(top.node("plugins"))
    top.reportUnknownKeys(&diagnostics)
    checkReferences(config)
    checkInvokeCycles(config.menus)
    return config
  }

  /// Warnings that need the whole configuration.
  private mutating func checkReferences(_ config: DaemonConfiguration) {
    for (name, location) in menuReferences where config.menu(named: name) == nil {
      diagnostics.warning(
        "no menu '\(name)' in the configuration; a client must define it (menu.define) before this can open it",
        at: location)
    }
    guard !config.commands.enabled else { return }
    for location in commandLocations {
      diagnostics.warning(
        "commands are disabled, so this will not run; set enabled = true and user = \"...\" in [commands]",
        at: location)
    }
  }

  /// One of a fixed set of words, with a "did you mean" hint when it is not.
  mutating func choice<Value>(
    _ text: String, key: String, options: [(String, Value)], at location: ConfigLocation
  ) -> Value? {
    if let match = options.first(where: { $0.0 == text }) { return match.1 }
    let names = options.map(\.0)
    let hint =
      Suggestion.closest(to: text, in: names).map { "; did you mean '\($0)'?" }
      ?? "; expected one of " + names.joined(separator: ", ")
    diagnostics.error("unknown \(key) '\(text)'\(hint)", at: location)
    return nil
  }

  /// A positive number of milliseconds, at most a day.
  mutating func milliseconds(_ key: String, in table: inout TableReader) -> Duration? {
    guard let value = table.integer(key, &diagnostics) else { return nil }
    guard (1...86_400_000).contains(value) else {
      diagnostics.error(
        "\(key) must be between 1 and 86400000 milliseconds (one day), not \(value)",
        at: table.valueLocation(key))
      return nil
    }
    return .milliseconds(value)
  }
}
