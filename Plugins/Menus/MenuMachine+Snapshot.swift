import KeyMenuPluginAPI

extension MenuMachine {
  /// The front level as presenters see it, under the given id; nil once closed.
  public func snapshot(id: String) -> MenuSnapshot? {
    guard let level = levels.last else { return nil }
    let items = level.visible.map { entry in
      let opensSubmenu: Bool
      if case .submenu = entry.item.content { opensSubmenu = true } else { opensSubmenu = false }
      return MenuSnapshot.Item(
        title: entry.item.title, section: entry.section, position: entry.position.rawValue,
        enabled: entry.item.enabled, opensSubmenu: opensSubmenu)
    }
    return MenuSnapshot(
      id: id, path: level.path, items: items, highlight: level.highlight, filter: level.filter)
  }
}
