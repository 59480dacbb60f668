import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuProtocol

/// Builds an engine ``Menu`` from a client's item list, registering one
/// selector per chosen-able item through `register`. What it registered is
/// in ``registered``, also when it throws, so that the caller removes it.
struct MenuBuilder {
  /// Deepest nesting of submenus accepted from a client.
  static let maximumDepth = 16
  /// Most items accepted in one menu request, all levels together.
  static let maximumItems = 4096
  /// Most items of one menu sent in parts (`menu.open` with `more`, then
  /// `menu.append`), all levels together: a dmenu-sized list.
  static let maximumStagedItems = 65536

  let keyNames: KeyNameTable
  let register: (_ title: String, _ notify: Bool) -> Selector
  private(set) var registered: [Selector] = []
  private var count = 0

  init(keyNames: KeyNameTable, register: @escaping (_ title: String, _ notify: Bool) -> Selector) {
    self.keyNames = keyNames
    self.register = register
  }

  /// The menu, or `-32602` naming the offending item's field.
  mutating func build(title: String, items: [MenuItemParams], filter: Bool) throws(RPCError) -> Menu {
    // Titles and keys were checked with the params (KeyMenuProtocol/Params, each type's check()).
    return Menu(title: title, sections: try build(items, field: "items", depth: 0), filterable: filter)
  }

  /// A menu under dmenu's keys: one section of the items as they come,
  /// which may be none; `-32602` for a separator, a submenu or a disabled
  /// item, which a dmenu list has not.
  mutating func buildFlat(title: String, items: [MenuItemParams], dmenu: DmenuStyle) throws(RPCError) -> Menu
  {
    Menu(title: title, sections: [MenuSection(items: try flatItems(items))], filterable: true, dmenu: dmenu)
  }

  /// The items of a list under dmenu's keys (``buildFlat(title:items:dmenu:)``).
  mutating func flatItems(_ items: [MenuItemParams], field: String = "items") throws(RPCError) -> [MenuItem] {
    var flat: [MenuItem] = []
    for (index, item) in items.enumerated() {
      let itemField = "\(field).[\(index)]"
      if item.separator == true {
        throw .invalidParams("not with keys dmenu", field: itemField + ".separator")
      }
      if item.items != nil { throw .invalidParams("not with keys dmenu", field: itemField + ".items") }
      if item.enabled == false { throw .invalidParams("not with keys dmenu", field: itemField + ".enabled") }
      flat.append(try build(item, field: itemField, depth: 0))
    }
    return flat
  }

  /// The top level's entries, separators as nil, for a menu sent in parts
  /// (``MenuSection/split(_:)`` makes the sections once all have come).
  mutating func entries(_ items: [MenuItemParams], field: String = "items") throws(RPCError) -> [MenuItem?] {
    try entries(items, field: field, depth: 0)
  }

  /// The sections of one level: `{"separator": true}` items split them; empty
  /// sections (separators at either end or twice in a row) are dropped.
  private mutating func build(_ items: [MenuItemParams], field: String, depth: Int) throws(RPCError)
    -> [MenuSection]
  {
    let sections = MenuSection.split(try entries(items, field: field, depth: depth))
    guard !sections.isEmpty else { throw .invalidParams("a menu needs at least one item", field: field) }
    return sections
  }

  private mutating func entries(_ items: [MenuItemParams], field: String, depth: Int) throws(RPCError)
    -> [MenuItem?]
  {
    guard depth < Self.maximumDepth else {
      throw .invalidParams("submenus nest deeper than \(Self.maximumDepth) levels", field: field)
    }
    var entries: [MenuItem?] = []
    for (index, item) in items.enumerated() {
      let itemField = "\(field).[\(index)]"
      if item.separator == true {
        guard item.title == nil, item.items == nil, item.key == nil, item.value == nil else {
          throw .invalidParams("a separator has no title, key, value or items", field: itemField)
        }
        entries.append(nil)
      } else {
        entries.append(try build(item, field: itemField, depth: depth))
      }
    }
    return entries
  }

  private mutating func build(_ item: MenuItemParams, field: String, depth: Int) throws(RPCError) -> MenuItem
  {
    count += 1
    guard count <= Self.maximumItems else {
      throw .invalidParams("more than \(Self.maximumItems) items", field: field)
    }
    guard let title = item.title else { throw .invalidParams("is required", field: field + ".title") }
    var chord: KeyChord?
    if let key = item.key {
      do {
        chord = try KeyChord.parse(key, names: keyNames)
      } catch {
        throw .invalidParams(error.description, field: field + ".key")
      }
    }
    if let children = item.items {
      guard item.value == nil else {
        throw .invalidParams("a submenu is not chosen: give its items values", field: field + ".value")
      }
      let submenu = Menu(
        title: title, sections: try build(children, field: field + ".items", depth: depth + 1))
      return .submenu(submenu, accelerator: chord)
    }
    let selector = register(title, item.notify ?? false)
    registered.append(selector)
    return .action(
      title, selector: selector.rawValue, accelerator: chord, enabled: item.enabled ?? true,
      keepOpen: item.keepOpen ?? false, value: item.value)
  }
}
