/// TOML 1.0's rules on defining each table once, applied as headers and
/// keys arrive:
///
/// - a key is set once in its table;
/// - a `[header]` defines its table once, and may not define a table that
///   dotted keys (`a.b = 1` makes `a`) or an inline table already defined,
///   but may define one that an earlier header only named on its way
///   (`[a]` after `[a.b]`), and sub-tables of a table made by dotted keys;
/// - dotted keys may add to tables that other dotted keys of the same
///   section made, never to one a header defined, nor into an array of tables;
/// - inline tables and arrays written as values are complete: nothing adds
///   to them or to anything inside them;
/// - `[[header]]` appends a table to an array of tables, never to an array
///   written as a value.
extension TOMLTree {
  /// The table a `[keys]` or `[[keys]]` header opens, made as needed, and its
  /// depth (keys plus array elements on the way). `header` is where its `[` is.
  mutating func openHeader(
    _ keys: [TOMLKey], isArray: Bool, at header: TOMLPosition
  ) throws(TOMLError) -> (table: Int, depth: Int) {
    var current = Self.root
    var depth = 0
    for (number, key) in keys.enumerated() {
      var path: String { Self.dotted(keys.prefix(number + 1)) }  // for messages only
      let isLast = number == keys.count - 1
      depth += 1
      try Self.checkDepth(depth, at: keys[0].position)
      guard let existing = child(current, key.name) else {
        if isLast && isArray {
          let array = addArray(closed: false, at: header)
          attach(array, to: .entry(table: current, key: key))
          return (try appendElement(to: array, at: header, depth: depth, keys: keys), depth + 1)
        }
        let table = addTable(isLast ? .header : .implicit, at: header)
        attach(table, to: .entry(table: current, key: key))
        current = table
        continue
      }
      let node = try openNode(existing, path, at: key.position, addedBy: "header")
      switch node.kind {
      case .scalar:
        throw Self.notATable(path, describe(node), at: key.position)
      case .array:
        if isLast && !isArray {
          throw TOMLError(
            .redefinition, "[\(path)] is an array of tables; add an element with [[\(path)]]",
            at: key.position)
        }
        if isLast {
          return (try appendElement(to: existing, at: header, depth: depth, keys: keys), depth + 1)
        }
        guard let element = lastElement(existing) else { throw Self.lost(at: key.position) }
        current = element
        depth += 1
      case .table:
        guard isLast else {
          current = existing
          continue
        }
        if isArray {
          throw TOMLError(
            .redefinition, "'\(path)' is already a table, not an array of tables", at: key.position)
        }
        switch node.origin {
        case .implicit:
          define(existing, as: .header)
          return (existing, depth)
        case .dotted:
          throw TOMLError(
            .redefinition,
            "[\(path)] is already defined by dotted keys such as \(path).key = ...; a table is defined once",
            at: key.position)
        case .header, .inline:
          throw TOMLError(
            .redefinition, "table [\(path)] is defined twice; a table may have one [\(path)] header",
            at: key.position)
        }
      }
    }
    return (current, depth)
  }

  private mutating func appendElement(
    to array: Int, at header: TOMLPosition, depth: Int, keys: [TOMLKey]
  ) throws(TOMLError) -> Int {
    try Self.checkDepth(depth + 1, at: keys[0].position)
    let element = addTable(.header, at: header)
    attach(element, to: .element(array: array))
    return element
  }

  /// Where the value of the (dotted) key `keys` goes in `table`, making the
  /// tables its dots name. `section` numbers the header the key is under,
  /// or the inline table it is in.
  mutating func slot(for keys: [TOMLKey], in table: Int, section: Int) throws(TOMLError) -> TOMLSlot {
    var current = table
    for (number, key) in keys.dropLast().enumerated() {
      var path: String { Self.dotted(keys.prefix(number + 1)) }  // for messages only
      guard let existing = child(current, key.name) else {
        let made = addTable(.dotted(section: section), at: key.position)
        attach(made, to: .entry(table: current, key: key))
        current = made
        continue
      }
      let node = try openNode(existing, path, at: key.position, addedBy: "key")
      switch node.kind {
      case .scalar:
        throw Self.notATable(path, describe(node), at: key.position)
      case .array:
        throw TOMLError(
          .redefinition, "'\(path)' is an array of tables; dotted keys cannot add to it", at: key.position)
      case .table:
        switch node.origin {
        case .implicit: define(existing, as: .dotted(section: section))
        case .dotted(let made) where made == section: break
        case .dotted:
          throw TOMLError(
            .redefinition,
            "'\(path)' was made by dotted keys in an earlier section; set its keys there", at: key.position)
        case .header, .inline:
          throw TOMLError(
            .redefinition, "'\(path)' is defined by a [header]; set its keys under that header",
            at: key.position)
        }
        current = existing
      }
    }
    guard let last = keys.last else { throw Self.lost(at: TOMLPosition(line: 1, column: 1)) }
    if child(current, last.name) != nil {
      throw TOMLError(
        .redefinition, "'\(Self.dotted(keys[...]))' is set twice; a key may appear once in its table",
        at: keys[0].position)
    }
    return .entry(table: current, key: last)
  }

  /// Throws when `depth` is past ``TOMLParser/maximumDepth``.
  /// The node `index`, unless it is complete as written (an inline table, an
  /// array of values), which no header or dotted key (`adder`) may add to.
  private func openNode(_ index: Int, _ path: String, at position: TOMLPosition, addedBy adder: String)
    throws(TOMLError) -> Node
  {
    let node = nodes[index]
    guard !node.closed else {
      throw TOMLError(
        .redefinition, "'\(path)' is \(describe(node)), complete as written; no \(adder) may add to it",
        at: position)
    }
    return node
  }

  /// A value where a table was needed.
  private static func notATable(_ path: String, _ description: String, at position: TOMLPosition) -> TOMLError
  {
    TOMLError(.redefinition, "'\(path)' is already \(description), not a table", at: position)
  }

  static func checkDepth(_ depth: Int, at position: TOMLPosition) throws(TOMLError) {
    guard depth > TOMLParser.maximumDepth else { return }
    throw TOMLError(.tooDeep, "keys nest more than \(TOMLParser.maximumDepth) levels deep", at: position)
  }

  /// An inconsistency of the tree itself: never expected, reported rather than trapped.
  private static func lost(at position: TOMLPosition) -> TOMLError {
    TOMLError(.syntax, "internal error: the parser lost track of a table", at: position)
  }

  /// "a string", "an inline table", ... for messages.
  func describe(_ node: Node) -> String {
    switch node.kind {
    case .table: node.origin == .inline ? "an inline table" : "a table"
    case .array: node.closed ? "an array" : "an array of tables"
    case .scalar(let value):
      switch value {
      case .string: "a string"
      case .integer: "an integer"
      case .float: "a floating-point number"
      case .boolean: "a boolean"
      case .dateTime(let date): "a " + date.typeName
      case .array: "an array"
      case .table: "a table"
      }
    }
  }

  /// Keys as a person would write them: `a."b c".d`.
  static func dotted(_ keys: ArraySlice<TOMLKey>) -> String {
    keys.map { key in
      let bare =
        !key.name.isEmpty
        && key.name.utf8.allSatisfy { TOMLParser.isBareKeyByte($0) }
      return bare ? key.name : "\"" + key.name + "\""
    }.joined(separator: ".")
  }
}
