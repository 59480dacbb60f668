import KeyMenuPluginAPI
public import KeyMenuProtocol

extension MenuMachine {
  /// The front level as presenters see it, under the given id; nil once
  /// closed. A level longer than ``DialogParts/Menu/windowSize`` is given as a
  /// window of that many items around the highlight.
  public func snapshot(id: String) -> ModalPicture? {
    guard let level = levels.last else { return nil }
    let size = ModalPicture.Menu.windowSize
    let count = level.visible.count
    let offset = count <= size ? 0 : max(0, min((level.highlight ?? 0) - size / 2, count - size))
    let items = level.visible[offset..<min(count, offset + size)].map { entry in
      let opensSubmenu: Bool
      if case .submenu = entry.item.content { opensSubmenu = true } else { opensSubmenu = false }
      return ModalPicture.Menu.Item(
        title: entry.item.title, section: entry.section, position: entry.position.rawValue,
        enabled: entry.item.enabled, opensSubmenu: opensSubmenu)
    }
    var picture = ModalPicture.menu(
      id: id, path: level.path, items: items, highlight: level.highlight.map { $0 - offset },
      filter: level.filter, offset: offset, total: count)
    picture.wakesTV = levels.first?.menu.wakeTV
    return picture
  }
}
