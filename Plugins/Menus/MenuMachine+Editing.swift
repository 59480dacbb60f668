public import KeyMenuPluginAPI

extension MenuMachine {
  /// Inserts an item into the front level while the menu is open.
  public mutating func insert(_ item: MenuItem, section: Int, at index: Int) throws(MenuEditError) -> [Effect]
  {
    try checkSection(section, index: index, allowEnd: true)
    return edit(.inserted(section: section, index: index)) {
      $0.sections[section].items.insert(item, at: index)
    }
  }

  /// Removes an item from the front level.
  public mutating func removeItem(section: Int, at index: Int) throws(MenuEditError) -> [Effect] {
    try checkSection(section, index: index, allowEnd: false)
    return edit(.removed(section: section, index: index)) { _ = $0.sections[section].items.remove(at: index) }
  }

  /// Moves an item within its section of the front level.
  public mutating func moveItem(section: Int, from: Int, to: Int) throws(MenuEditError) -> [Effect] {
    try checkSection(section, index: from, allowEnd: false)
    try checkSection(section, index: to, allowEnd: false)
    return edit(.moved(section: section, from: from, to: to)) { menu in
      let item = menu.sections[section].items.remove(at: from)
      menu.sections[section].items.insert(item, at: to)
    }
  }

  /// Replaces an item of the front level (a new title, enabled state, ...).
  public mutating func updateItem(_ item: MenuItem, section: Int, at index: Int) throws(MenuEditError)
    -> [Effect]
  {
    try checkSection(section, index: index, allowEnd: false)
    return edit(.updated(section: section, index: index)) { $0.sections[section].items[index] = item }
  }

  /// Applies an edit and keeps the highlight on the same item: where it
  /// moved to, or, when it was removed or disabled, the nearest enabled item.
  private mutating func edit(_ change: MenuChange, _ body: (inout Menu) -> Void) -> [Effect] {
    let front = levels.count - 1
    let old = levels[front]
    let oldAddress = old.highlight.map { (old.visible[$0].section, old.visible[$0].index) }
    body(&levels[front].menu)
    levels[front].refreshVisible()
    let visible = levels[front].visible
    var highlight = oldAddress.flatMap(change.relocate).flatMap { address in
      visible.firstIndex { $0.section == address.section && $0.index == address.index && $0.item.enabled }
    }
    if highlight == nil, !visible.isEmpty {
      let start = min(old.highlight ?? 0, visible.count - 1)
      highlight =
        visible[start...].firstIndex { $0.item.enabled } ?? visible[...start].lastIndex { $0.item.enabled }
    }
    levels[front].highlight = highlight
    var effects: [Effect] = [.changed(change)]
    if highlight != old.highlight { effects.append(.highlight(highlight)) }
    return effects
  }

  private func checkSection(_ section: Int, index: Int, allowEnd: Bool) throws(MenuEditError) {
    guard let level = levels.last else { throw MenuEditError(message: "the menu is closed") }
    guard dmenu == nil else { throw MenuEditError(message: "a menu under dmenu's keys is not edited") }
    guard level.menu.sections.indices.contains(section) else {
      throw MenuEditError(message: "no section \(section) (the menu has \(level.menu.sections.count))")
    }
    let count = level.menu.sections[section].items.count
    guard index >= 0, index < count || (allowEnd && index == count) else {
      throw MenuEditError(message: "no item \(index) in section \(section) (it has \(count))")
    }
  }
}
