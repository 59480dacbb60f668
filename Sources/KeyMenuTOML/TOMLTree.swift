/// The document while it is parsed: every table, array and value in one
/// array of nodes, with what TOML's redefinition rules need to know about
/// each table (how it was made, whether it is closed to additions).
///
/// Nodes refer to each other by index, so adding a key deep inside the
/// document changes one table in place, and a child always comes after its
/// parent: ``build()`` makes the finished ``TOMLTable`` in one backwards
/// pass, without recursion.
struct TOMLTree {
  /// The document's top-level table.
  static let root = 0

  /// How a table came to be, which decides what may add to it later.
  enum Origin: Equatable {
    /// Named on the way to a header's table (`a` of `[a.b]`); a header may still define it.
    case implicit
    /// Defined by a `[header]`, or an element of an array of tables.
    case header
    /// Made by dotted keys (`a.b = 1` makes `a`) in one section: the keys
    /// after one header, or one inline table. Only that section may add to it.
    case dotted(section: Int)
    /// An inline table, `{ ... }`.
    case inline
  }

  enum Kind {
    case table(Int)
    /// An array; its elements are in ``arrays``. Arrays of tables are the ones not ``Node/closed``.
    case array(Int)
    case scalar(TOMLValue.Kind)
  }

  struct Node {
    var kind: Kind
    var position: TOMLPosition
    var origin: Origin
    /// An inline table (once its `}` is read) or an array written as a value:
    /// nothing may add to it or to anything inside it. (Nothing can add to a
    /// string or number either, but that is said in other words.)
    var closed: Bool
  }

  struct Table {
    var entries: [(key: TOMLKey, node: Int)] = []
    var index: [String: Int] = [:]
  }

  private(set) var nodes: [Node]
  private var tables: [Table]
  private var arrays: [[Int]] = []

  init() {
    nodes = [
      Node(kind: .table(0), position: TOMLPosition(line: 1, column: 1), origin: .header, closed: false)
    ]
    tables = [Table()]
  }

  /// A new table that nothing refers to yet.
  mutating func addTable(_ origin: Origin, at position: TOMLPosition) -> Int {
    tables.append(Table())
    nodes.append(Node(kind: .table(tables.count - 1), position: position, origin: origin, closed: false))
    return nodes.count - 1
  }

  /// A new, empty array: a value (`closed`) or an array of tables.
  mutating func addArray(closed: Bool, at position: TOMLPosition) -> Int {
    arrays.append([])
    nodes.append(Node(kind: .array(arrays.count - 1), position: position, origin: .header, closed: closed))
    return nodes.count - 1
  }

  /// A new string, number, boolean or date.
  mutating func addScalar(_ value: TOMLValue.Kind, at position: TOMLPosition) -> Int {
    nodes.append(Node(kind: .scalar(value), position: position, origin: .header, closed: false))
    return nodes.count - 1
  }

  /// Records how an existing table is now defined (an implicit table defined by a header or dotted keys).
  mutating func define(_ node: Int, as origin: Origin) { nodes[node].origin = origin }

  /// Closes an inline table once its `}` is read.
  mutating func close(_ node: Int) { nodes[node].closed = true }

  /// Puts `node` where `slot` says.
  mutating func attach(_ node: Int, to slot: TOMLSlot) {
    switch slot {
    case .entry(let table, let key): insert(node, as: key, into: table)
    case .element(let array):
      guard case .array(let elements) = nodes[array].kind else { return }
      arrays[elements].append(node)
    }
  }

  private mutating func insert(_ node: Int, as key: TOMLKey, into table: Int) {
    guard case .table(let slots) = nodes[table].kind else { return }
    tables[slots].index[key.name] = node
    tables[slots].entries.append((key, node))
  }

  /// The value of `name` in the table `table`.
  func child(_ table: Int, _ name: String) -> Int? {
    guard case .table(let slots) = nodes[table].kind else { return nil }
    return tables[slots].index[name]
  }

  /// The last element of an array (of tables).
  func lastElement(_ array: Int) -> Int? {
    guard case .array(let elements) = nodes[array].kind else { return nil }
    return arrays[elements].last
  }

  /// The finished document.
  func build() -> TOMLTable {
    var built = [TOMLValue?](repeating: nil, count: nodes.count)
    for number in nodes.indices.reversed() {
      let node = nodes[number]
      switch node.kind {
      case .scalar(let value):
        built[number] = TOMLValue(value, at: node.position)
      case .array(let elements):
        let values = arrays[elements].compactMap { built[$0].take() }
        built[number] = TOMLValue(.array(values), at: node.position)
      case .table(let slots):
        let entries = tables[slots].entries.compactMap { entry in
          built[entry.node].take().map {
            TOMLEntry(key: entry.key.name, keyPosition: entry.key.position, value: $0)
          }
        }
        built[number] = TOMLValue(.table(TOMLTable(entries)), at: node.position)
      }
    }
    guard case .table(let document) = built[Self.root]?.kind else { return TOMLTable() }
    return document
  }
}

/// One part of a key as written: `b` of `a.b`, unquoted, and where it is.
struct TOMLKey {
  var name: String
  var position: TOMLPosition
}

/// Where a value being parsed goes.
enum TOMLSlot {
  /// Under `key` in the table node `table`.
  case entry(table: Int, key: TOMLKey)
  /// At the end of the array node `array`.
  case element(array: Int)
}
