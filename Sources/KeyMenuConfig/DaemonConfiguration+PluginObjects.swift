import KeyMenuCore
public import KeyMenuPluginAPI

/// Makes the selector a configured menu item's action is attached to: the
/// action, the menu's name (the selector's kind), the item's title, and its
/// stable name when it has one.
public typealias ItemActionBinder =
  (_ action: ConfiguredAction, _ menu: String, _ title: String, _ stableName: Selector?) -> Selector

extension DaemonConfiguration {
  /// The objects the configuration defines for plugins, by section
  /// (``PluginHost/handleConfiguredObjects(_:with:)``): `menus`, the
  /// `[menus.NAME]` built into ``Menu``s by name, each item's action bound
  /// to a selector by `bind`.
  public func pluginObjects(binding bind: ItemActionBinder) -> [String: any Sendable] {
    var built: [String: Menu] = [:]
    for menu in menus {
      var level = Menu(
        title: menu.title,
        sections: Self.sections(menu.items, menu: menu.name, stableNames: menu.stableNames, bind: bind),
        filterable: menu.filter)
      level.longPress = gestureTiming.long
      built[menu.name] = level
    }
    return ["menus": built]
  }

  /// A configured level's sections: separators split them, and empty
  /// sections (a separator at either end or twice in a row) are dropped.
  private static func sections(
    _ items: [ConfiguredItem], menu: String, stableNames: [ConfigLocation: Selector], bind: ItemActionBinder
  ) -> [MenuSection] {
    let entries: [MenuItem?] = items.map { item in
      switch item.content {
      case .separator:
        return nil
      case .submenu(let children):
        let submenu = Menu(
          title: item.title, sections: sections(children, menu: menu, stableNames: stableNames, bind: bind))
        return .submenu(submenu, accelerator: item.key)
      case .action(let action):
        let selector = bind(action, menu, item.title, stableNames[item.location])
        var entry = MenuItem.action(
          item.title, selector: selector.rawValue, accelerator: item.key, keepOpen: item.keepOpen,
          value: item.value)
        entry.longSelector = item.long.map { bind($0, menu, item.title + " (long)", nil).rawValue }
        return entry
      }
    }
    return MenuSection.split(entries)
  }
}
