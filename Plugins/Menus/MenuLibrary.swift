import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuProtocol

/// What the menus plugin keeps for its socket methods: the menus requests
/// opened (by connection and request), menus whose items are still coming,
/// and the named menus. Pure bookkeeping, kept under one lock; opening and
/// closing menus happen outside it.
struct MenuLibrary: Sendable {
  /// Open menus shown by a request (`menu.open`, `menu.show`, the last `menu.append`).
  var requests = RequestBook()
  /// Menus sent in parts whose items are still coming.
  var staged: [RequestBook.Key: StagedMenu] = [:]
  /// The configuration's menus, by name.
  var configured: [String: NamedMenu] = [:]
  /// The menus clients defined, by name.
  var defined: [String: NamedMenu] = [:]

  /// The menu `name` opens: the configuration's first (a client cannot
  /// define one of its names, and one the configuration gained on a reload wins).
  func named(_ name: String) -> NamedMenu? { configured[name] ?? defined[name] }

  /// The names of the menus `connection` defined.
  func definedNames(of connection: Int) -> [String] {
    defined.values.filter { $0.connection == connection }.map(\.name)
  }

  /// Records an open instance of the menu `name` opens.
  mutating func opened(_ id: String, named name: String) {
    if configured[name] != nil {
      configured[name]?.openIDs.insert(id)
    } else {
      defined[name]?.openIDs.insert(id)
    }
  }

  /// Forgets the instances of `name` that are no longer in `open`.
  mutating func closed(named name: String, stillOpen open: Set<String>) {
    configured[name]?.openIDs.formIntersection(open)
    defined[name]?.openIDs.formIntersection(open)
  }

  /// Takes out the menus `connection` was still sending in parts.
  mutating func takeStaged(of connection: Int) -> [StagedMenu] {
    let keys = staged.keys.filter { $0.connection == connection }
    defer { staged.shrinkIfSparse() }
    return keys.compactMap { staged.removeValue(forKey: $0) }
  }

  /// Takes out the menu a client defined under `name`, if any.
  mutating func takeDefined(_ name: String) -> NamedMenu? {
    defer { defined.shrinkIfSparse() }
    return defined.removeValue(forKey: name)
  }

  /// `menu.list`: every named menu, the configuration's and the clients', by name.
  var entries: [MenuEntry] {
    let all = Array(configured.values) + Array(defined.values)
    return all.sorted { $0.name < $1.name }.map { named in
      MenuEntry(name: named.name, title: named.menu.title, owner: named.owner, open: !named.openIDs.isEmpty)
    }
  }
}
