import KeyMenuPluginAPI

extension ConfigDecoder {
  /// What a hotkey or item does: an action, or (items only) a submenu still to read.
  enum ActionChoice {
    case action(ConfiguredAction)
    case submenu(ConfigNode)
  }

  /// The keys that name one of the daemon's own actions.
  static let actionKeys = ["menu", "alert", "invoke", "run"]

  /// Every key that names an action: the daemon's and the plugins'
  /// (``ActionDeclaration``); a hotkey or item needs exactly one.
  var allActionKeys: [String] {
    Self.actionKeys + descriptors.flatMap(\.actions).map(\.key).filter { !Self.actionKeys.contains($0) }
  }

  /// Reads the one action of a hotkey or menu item; nil (after an error) when
  /// there is none, more than one, or a bad one.
  mutating func action(in table: inout TableReader, owner: String, allowsSubmenu: Bool) -> ActionChoice? {
    let keys = (allowsSubmenu ? ["items"] : []) + allActionKeys
    let given = keys.filter { table.has($0) }.sorted { table.keyLocation($0) < table.keyLocation($1) }
    for key in keys + ["shell"] { _ = table.node(key) }  // all known, for "did you mean"; checked below
    // The daemon's own actions are listed; plugins' keys are known (and
    // suggested for a typo) but not listed.
    let list = ((allowsSubmenu ? ["items"] : []) + Self.actionKeys).joined(separator: ", ")
    guard given.count == 1, let key = given.first else {
      if given.isEmpty {
        diagnostics.error("\(owner) has no action; give one of \(list)", at: table.location)
      } else {
        diagnostics.error(
          "\(owner) has both \(given[0]) and \(given[1]); give exactly one of \(list)",
          at: table.keyLocation(given[1]))
      }
      return nil
    }
    if key != "run", table.has("shell") {
      diagnostics.error("shell only applies to run", at: table.keyLocation("shell"))
    }
    switch key {
    case "items": return table.node("items").map { .submenu($0) }
    case "menu":
      guard let name = nonEmptyString("menu", in: &table, what: "a menu name") else { return nil }
      menuReferences.append((name, table.valueLocation("menu")))
      return .action(.openMenu(name))
    case "alert":
      guard let decoded = table.node("alert").flatMap({ alert($0) }) else { return nil }
      timeoutChoices[table.location] = decoded.timeoutChoice
      return .action(.showAlert(decoded.alert, buttonActions: decoded.actions))
    case "invoke":
      invokeLocations[table.location] = table.valueLocation("invoke")
      return nonEmptyString("invoke", in: &table, what: "a selector name").map { .action(.invoke($0)) }
    case "run": return command(in: &table).map { .action(.run($0)) }
    default: return pluginAction(key, in: &table).map { .action($0) }
    }
  }

  /// A plugin's action (`countdown = { ... }`), checked against its declaration.
  private mutating func pluginAction(_ key: String, in table: inout TableReader) -> ConfiguredAction? {
    guard let node = table.node(key),
      let declaration = descriptors.lazy.flatMap(\.actions).first(where: { $0.key == key })
    else { return nil }
    let value = pluginValue(node)
    if let problem = declaration.problem(value) {
      diagnostics.error("\(key): \(problem)", at: node.location)
      return nil
    }
    return .plugin(key: key, value: value)
  }

  /// `run = ["argv", ...]`, or `run = "command line"` with `shell = true`.
  private mutating func command(in table: inout TableReader) -> ConfiguredCommand? {
    let shell = table.bool("shell", &diagnostics)
    guard let node = table.node("run") else { return nil }
    switch node.value {
    case .string(let text):
      guard shell == true else {
        diagnostics.error(
          "run = \"...\" is a shell command line; add shell = true to run it with /bin/sh -c, "
            + "or give an argv array such as [\"systemctl\", \"poweroff\"]", at: node.location)
        return nil
      }
      guard !text.isEmpty else {
        diagnostics.error("run must not be empty", at: node.location)
        return nil
      }
      commandLocations.append(node.location)
      return ConfiguredCommand(shellCommand: text)
    case .array:
      guard let argv = table.strings("run", &diagnostics) else { return nil }
      guard let program = argv.first, !program.isEmpty else {
        diagnostics.error("run needs a program: [\"program\", \"argument\", ...]", at: node.location)
        return nil
      }
      if shell == true {
        diagnostics.error(
          "shell = true needs run to be one string (the command line), not an array",
          at: table.keyLocation("shell"))
        return nil
      }
      commandLocations.append(node.location)
      if ConfiguredCommand.resolve(program) == nil {
        let place = program.contains("/" as Character) ? "" : " in \(ConfiguredCommand.searchPath)"
        diagnostics.warning(
          "run: '\(program)' is not an executable file\(place) (yet); the command fails until it is installed",
          at: node.location)
      }
      return ConfiguredCommand(argv: argv)
    default:
      table.typeError("run", node, expected: "an argv array or, with shell = true, a string", &diagnostics)
      return nil
    }
  }

  private mutating func nonEmptyString(_ key: String, in table: inout TableReader, what: String) -> String? {
    guard let text = table.string(key, &diagnostics) else { return nil }
    guard !text.isEmpty else {
      diagnostics.error("\(key) must name \(what), not be empty", at: table.valueLocation(key))
      return nil
    }
    return text
  }
}
