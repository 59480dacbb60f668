import KeyMenuPluginAPI
import KeyMenuProtocol

extension Menu {
  /// This menu as a request opens it: `highlight` (a number, or an item's
  /// value or title) in place of its own highlight, and `timeout_ms` as its
  /// timeout. Text that names no item leaves the highlight as it was; a
  /// number out of range or a disabled item falls back in ``MenuMachine``
  /// (to the first enabled item); `wakeTV` in place of its own when set.
  func opened(highlight: MenuHighlight?, timeoutMilliseconds: Int?, wakeTV: Bool? = nil) -> Menu {
    var menu = self
    if let wakeTV { menu.wakeTV = wakeTV }
    switch highlight {
    case .number(let number)?: menu.highlight = number
    case .item(let text)?: menu.highlight = itemNumber(matching: text) ?? self.highlight
    case nil: break
    }
    if let timeoutMilliseconds { menu.timeout = .milliseconds(timeoutMilliseconds) }
    return menu
  }
}

extension MenuOpenParams {
  /// The dmenu style the params ask for (`keys: dmenu`), or nil for keymenu's keys.
  var dmenuStyle: DmenuStyle? {
    guard keys == .dmenu else { return nil }
    return DmenuStyle(ignoreCase: ignoreCase ?? false, lines: listHeight ?? 0)
  }
}
