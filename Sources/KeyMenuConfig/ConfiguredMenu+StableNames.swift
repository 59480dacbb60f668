public import KeyMenuPluginAPI

extension ConfiguredMenu {
  /// The stable name of each action item, by where the item was written:
  /// `MENU.ID` with the item's `id`, else `MENU.title-slug` when no other
  /// item of the menu (submenus included) has that slug or id. Unlike the
  /// generated selectors, these stay the same across reloads, so a script
  /// (`keymenuctl invoke box.show-ip`) or a hotkey (`invoke = "box.show-ip"`)
  /// can name a configured item.
  public var stableNames: [ConfigLocation: Selector] {
    let actions = actionItems
    let parts = actions.map { $0.id ?? Selector.slug($0.title) }
    var uses: [String: Int] = [:]
    for part in parts { uses[part, default: 0] += 1 }
    let explicit = Set(actions.compactMap(\.id))
    var names: [ConfigLocation: Selector] = [:]
    for (item, part) in zip(actions, parts) where !part.isEmpty {
      let free = item.id != nil || (uses[part] == 1 && !explicit.contains(part))
      if free { names[item.location] = Selector(Selector.slug(name) + "." + part) }
    }
    return names
  }

  /// The items with an action, submenus' included, in the order written.
  var actionItems: [ConfiguredItem] {
    var found: [ConfiguredItem] = []
    func collect(_ items: [ConfiguredItem]) {
      for item in items {
        switch item.content {
        case .action: found.append(item)
        case .submenu(let children): collect(children)
        case .separator: break
        }
      }
    }
    collect(items)
    return found
  }
}
