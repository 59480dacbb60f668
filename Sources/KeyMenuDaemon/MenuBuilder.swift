import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuProtocol

/// Builds an engine ``Menu`` from a client's item list, registering one
/// selector per chosen-able item through `register`.
struct MenuBuilder {
  /// Deepest nesting of submenus accepted from a client.
  static let maximumDepth = 16
  /// Most items accepted in one menu request, all levels together.
  static let maximumItems = 4096

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
    Menu(title: title, items: try build(items, field: "items", depth: 0), filterable: filter)
  }

  private mutating func build(_ items: [MenuItemParams], field: String, depth: Int) throws(RPCError)
    -> [MenuItem]
  {
    guard depth < Self.maximumDepth else {
      throw .invalidParams("submenus nest deeper than \(Self.maximumDepth) levels", field: field)
    }
    guard !items.isEmpty else { throw .invalidParams("a menu needs at least one item", field: field) }
    var built: [MenuItem] = []
    for (index, item) in items.enumerated() {
      count += 1
      let itemField = "\(field).[\(index)]"
      guard count <= Self.maximumItems else {
        throw .invalidParams("more than \(Self.maximumItems) items", field: itemField)
      }
      var chord: KeyChord?
      if let key = item.key {
        do {
          chord = try KeyChord.parse(key, names: keyNames)
        } catch {
          throw .invalidParams(error.description, field: itemField + ".key")
        }
      }
      if let children = item.items {
        let submenu = Menu(
          title: item.title, items: try build(children, field: itemField + ".items", depth: depth + 1))
        built.append(.submenu(submenu, accelerator: chord))
      } else {
        let selector = register(item.title, item.notify ?? false)
        registered.append(selector)
        built.append(
          .action(
            item.title, selector: selector.rawValue, accelerator: chord, enabled: item.enabled ?? true,
            keepOpen: item.keepOpen ?? false))
      }
    }
    return built
  }
}
