import KeyMenuPluginAPI

extension ConfigDecoder {
  /// `[menus.NAME]` tables, in the order written.
  mutating func menus(_ node: ConfigNode) -> [ConfiguredMenu] {
    guard let entries = node.entries else {
      diagnostics.error(
        "menus must be a table of menus ([menus.NAME]), not \(node.typeName)", at: node.location)
      return []
    }
    return entries.compactMap { entry in
      guard
        var table = TableReader(
          entry.node, name: "[menus.\(entry.key)]", key: "menus.\(entry.key)", &diagnostics)
      else { return nil }
      let title = table.string("title", &diagnostics) ?? entry.key
      let filter = table.bool("filter", &diagnostics) ?? false
      let items = table.array("items", &diagnostics)
      if !table.has("items") {
        diagnostics.error(
          "menu '\(entry.key)' needs items = [ { title = \"...\", ... }, ... ]", at: table.location)
      }
      let configured = items.map { self.items($0, at: table.valueLocation("items"), depth: 0) }
      table.reportUnknownKeys(&diagnostics)
      if let configured { checkUniqueIDs(configured, menu: entry.key) }
      return ConfiguredMenu(
        name: entry.key, title: title, filter: filter, items: configured ?? [], location: table.location)
    }
  }

  /// The items of a menu or submenu; `depth` counts the submenus above them.
  private mutating func items(_ nodes: [ConfigNode], at location: ConfigLocation, depth: Int)
    -> [ConfiguredItem]
  {
    if nodes.isEmpty { diagnostics.error("a menu needs at least one item", at: location) }
    var keys: [KeyChord: String] = [:]
    let items: [ConfiguredItem] = nodes.compactMap { node in
      guard var table = TableReader(node, name: "menu item", key: "each menu item", &diagnostics) else {
        return nil
      }
      if table.has("separator") { return separator(&table) }
      let title = table.string("title", &diagnostics)
      if !table.has("title") { diagnostics.error("menu item needs a title", at: table.location) }
      let key = chord(in: &table, required: false)
      if let key, let title {
        if let other = keys[key] {
          diagnostics.error(
            "key '\(table.peekString("key") ?? "")' already chooses '\(other)' in this menu",
            at: table.valueLocation("key"))
        } else {
          keys[key] = title
        }
      }
      let keepOpen = table.bool("keep_open", &diagnostics) ?? false
      let id = table.string("id", &diagnostics)
      if let id, id.isEmpty || Selector.slug(id) != id {
        diagnostics.error(
          "id '\(id)' must be lowercase letters, digits and single dashes, such as \"show-ip\"",
          at: table.valueLocation("id"))
      }
      let value = table.string("value", &diagnostics)
      let long = table.node("long").flatMap { longAction($0) }
      let choice = action(in: &table, owner: "menu item", allowsSubmenu: true)
      if long != nil, case .submenu? = choice {
        diagnostics.error(
          "a submenu has no long action: OK opens it; give its items one instead",
          at: table.valueLocation("long"))
      }
      if value != nil, case .submenu? = choice {
        diagnostics.error(
          "a submenu is not chosen: give its items a value instead", at: table.valueLocation("value"))
      }
      table.reportUnknownKeys(&diagnostics)
      guard let title, let content = content(choice, depth: depth) else { return nil }
      return ConfiguredItem(
        title: title, key: key, keepOpen: keepOpen, content: content, location: table.location, id: id,
        value: value, long: long)
    }
    if !items.isEmpty, items.allSatisfy({ $0.content == .separator }) {
      diagnostics.error("a menu needs at least one item besides separators", at: location)
    }
    return items
  }

  /// `long = { menu = "context" }`: one action, as an item has.
  private mutating func longAction(_ node: ConfigNode) -> ConfiguredAction? {
    guard var table = TableReader(node, name: "long action", key: "long", &diagnostics) else { return nil }
    let choice = action(in: &table, owner: "long action", allowsSubmenu: false)
    table.reportUnknownKeys(&diagnostics)
    guard case .action(let action) = choice else { return nil }
    return action
  }

  /// Item ids are unique in their menu, submenus included: `MENU.ID` names one item.
  private mutating func checkUniqueIDs(_ items: [ConfiguredItem], menu: String) {
    var seen: [String: ConfigLocation] = [:]
    func walk(_ items: [ConfiguredItem]) {
      for item in items {
        if let id = item.id {
          if let first = seen[id] {
            diagnostics.error("id '\(id)' is already used in menu '\(menu)' at \(first)", at: item.location)
          } else {
            seen[id] = item.location
          }
        }
        if case .submenu(let children) = item.content { walk(children) }
      }
    }
    walk(items)
  }

  /// `{ separator = true }`, which takes no other key.
  private mutating func separator(_ table: inout TableReader) -> ConfiguredItem? {
    guard let value = table.bool("separator", &diagnostics) else { return nil }
    guard value else {
      diagnostics.error(
        "separator can only be true (leave it out for an ordinary item)", at: table.valueLocation("separator")
      )
      return nil
    }
    table.reportUnknownKeys(&diagnostics)
    return ConfiguredItem(title: "", content: .separator, location: table.location)
  }

  private mutating func content(_ choice: ActionChoice?, depth: Int) -> ConfiguredItem.Content? {
    switch choice {
    case .action(let action): return .action(action)
    case .submenu(let node):
      guard case .array(let nodes) = node.value else {
        diagnostics.error("items must be an array of items, not \(node.typeName)", at: node.location)
        return nil
      }
      guard depth < ConfigurationLoader.maximumSubmenuDepth else {
        diagnostics.error(
          "submenus nest more than \(ConfigurationLoader.maximumSubmenuDepth) levels deep", at: node.location)
        return nil
      }
      return .submenu(items(nodes, at: node.location, depth: depth + 1))
    case nil: return nil
    }
  }
}
