import KeyMenuPluginAPI

extension ConfigDecoder {
  /// `alert = { title = "...", message = "...", buttons = [...], cancel = ..., default = ..., timeout_ms = ... }`.
  ///
  /// `cancel` and `default` name a button by its index (from 0) or its title.
  mutating func alert(_ node: ConfigNode) -> Alert? {
    guard var table = TableReader(node, name: "alert", key: "alert", &diagnostics) else { return nil }
    let title = table.string("title", &diagnostics)
    if !table.has("title") { diagnostics.error("alert needs a title", at: table.location) }
    let message = table.string("message", &diagnostics)
    var buttons = table.strings("buttons", &diagnostics)
    if buttons?.isEmpty == true {
      diagnostics.error("buttons must list at least one button", at: table.valueLocation("buttons"))
      buttons = nil
    }
    let cancel = button("cancel", of: buttons ?? ["OK"], in: &table)
    let defaultButton = button("default", of: buttons ?? ["OK"], in: &table)
    let timeout = milliseconds("timeout_ms", in: &table)
    table.reportUnknownKeys(&diagnostics)
    guard let title else { return nil }
    return Alert(
      title: title, message: message, buttons: buttons ?? ["OK"], cancel: cancel,
      defaultButton: defaultButton,
      timeout: timeout)
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
