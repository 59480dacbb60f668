import KeyMenuPluginAPI

extension ConfigDecoder {
  /// `alert = { title = "...", message = "...", buttons = [...], cancel = ..., default = ..., timeout_ms = ... }`.
  ///
  /// `cancel` and `default` name a button by its index (from 0) or its title.
  /// A button is a title, or a table with a title and one action (`run`,
  /// `invoke`, `menu`, `alert`) that runs when it answers the alert.
  /// `timeoutChoice`: the cancel button the timeout chooses, when both are
  /// set and that button has an action.
  mutating func alert(_ node: ConfigNode) -> (
    alert: Alert, actions: [Int: ConfiguredAction], timeoutChoice: TimeoutChoice?
  )? {
    guard var table = TableReader(node, name: "alert", key: "alert", &diagnostics) else { return nil }
    let title = table.string("title", &diagnostics)
    if !table.has("title") { diagnostics.error("alert needs a title", at: table.location) }
    let message = table.string("message", &diagnostics)
    let (given, givenActions, tables) = alertButtons(&table)
    var (buttons, actions) = (given, givenActions)
    if buttons?.isEmpty == true {
      diagnostics.error("buttons must list at least one button", at: table.valueLocation("buttons"))
      buttons = nil
      actions = [:]
    }
    let cancel = button("cancel", of: buttons ?? ["OK"], in: &table)
    let defaultButton = button("default", of: buttons ?? ["OK"], in: &table)
    let timeout = milliseconds("timeout_ms", in: &table)
    table.reportUnknownKeys(&diagnostics)
    guard let title else { return nil }
    let alert = Alert(
      title: title, message: message, buttons: buttons ?? ["OK"], cancel: cancel,
      defaultButton: defaultButton,
      timeout: timeout)
    var choice: TimeoutChoice?
    if timeout != nil, let cancel, actions[cancel] != nil, let buttonTable = tables[cancel] {
      choice = TimeoutChoice(
        timeout: table.valueLocation("timeout_ms"), button: alert.buttons[cancel], buttonTable: buttonTable)
    }
    return (alert, actions, choice)
  }

  /// `buttons = ["Cancel", { title = "Reboot", run = [...] }]`: the titles,
  /// and the action of each button given as a table, and where that table is.
  private mutating func alertButtons(_ table: inout TableReader) -> (
    [String]?, [Int: ConfiguredAction], [Int: ConfigLocation]
  ) {
    guard let elements = table.array("buttons", &diagnostics) else { return (nil, [:], [:]) }
    var titles: [String] = []
    var actions: [Int: ConfiguredAction] = [:]
    var tables: [Int: ConfigLocation] = [:]
    for (index, element) in elements.enumerated() {
      switch element.value {
      case .string(let title):
        titles.append(title)
      case .table:
        guard var button = TableReader(element, name: "alert button", key: "each alert button", &diagnostics)
        else { return (nil, [:], [:]) }
        let title = button.string("title", &diagnostics)
        if !button.has("title") { diagnostics.error("alert button needs a title", at: button.location) }
        let choice = action(in: &button, owner: "alert button", allowsSubmenu: false)
        button.reportUnknownKeys(&diagnostics)
        guard let title else { return (nil, [:], [:]) }
        titles.append(title)
        if case .action(let action) = choice { actions[index] = action }
        tables[index] = button.location
      default:
        diagnostics.error(
          "buttons must hold titles or tables ({ title = \"...\", run = [...] }), not \(element.typeName)",
          at: element.location)
        return (nil, [:], [:])
      }
    }
    return (titles, actions, tables)
  }

  /// A button by index or title.
  private mutating func button(_ key: String, of buttons: [String], in table: inout TableReader) -> Int? {
    guard let node = table.node(key) else { return nil }
    let titles = buttons.map { "'\($0)'" }.joined(separator: ", ")
    switch node.value {
    case .integer(let index):
      guard buttons.indices.contains(index) else {
        diagnostics.error(
          "\(key) = \(index) is not a button; buttons are numbered from 0 to \(buttons.count - 1) (\(titles))",
          at: node.location)
        return nil
      }
      return index
    case .string(let title):
      guard let index = buttons.firstIndex(of: title) else {
        diagnostics.error("\(key) = '\(title)' is not one of the buttons \(titles)", at: node.location)
        return nil
      }
      return index
    default:
      table.typeError(key, node, expected: "a button index or title", &diagnostics)
      return nil
    }
  }
}
