extension TOMLParser {
  /// An array or inline table whose `]` or `}` has not been read yet.
  private enum Open {
    case array(node: Int, depth: Int, opener: Int)
    case table(node: Int, depth: Int)
  }

  /// A value and everything nested in it, put where `slot` says.
  ///
  /// Arrays and inline tables nest on a stack of open containers instead of
  /// by recursion, so no input can exhaust the call stack; ``maximumDepth``
  /// bounds the stack.
  mutating func parseValue(into first: TOMLSlot, depth firstDepth: Int) throws(TOMLError) {
    var open: [Open] = []
    var slot = first
    var depth = firstDepth
    nextValue: while true {
      let start = offset
      let position = source.position(start)
      try TOMLTree.checkDepth(depth, at: position)
      switch byte {
      case UInt8(ascii: "["):
        offset += 1
        let node = tree.addArray(closed: true, at: position)
        tree.attach(node, to: slot)
        open.append(.array(node: node, depth: depth, opener: start))
        try skipArrayBlanks()
        if byte == UInt8(ascii: "]") {
          offset += 1
          open.removeLast()
        } else {
          slot = .element(array: node)
          depth += 1
          continue nextValue
        }
      case UInt8(ascii: "{"):
        offset += 1
        let node = tree.addTable(.inline, at: position)
        tree.attach(node, to: slot)
        open.append(.table(node: node, depth: depth))
        skipSpaces()
        if byte == UInt8(ascii: "}") {
          offset += 1
          tree.close(node)
          open.removeLast()
        } else {
          (slot, depth) = try inlineEntry(in: node, depth: depth)
          continue nextValue
        }
      default:
        let inArray = if case .array = open.last { true } else { false }
        if inArray, byte == nil, case .array(_, _, let opener) = open.last {
          throw unclosedArray(opener)
        }
        let value = try parseScalar(inArray: inArray)
        tree.attach(tree.addScalar(value, at: position), to: slot)
      }
      // A value is complete: close the containers it completes, then find the next value.
      while let container = open.last {
        switch container {
        case .array(let node, let arrayDepth, let opener):
          try skipArrayBlanks()
          guard let byte else { throw unclosedArray(opener) }
          if byte == UInt8(ascii: "]") {
            offset += 1
            open.removeLast()
            continue
          }
          guard byte == UInt8(ascii: ",") else {
            throw error(.syntax, "missing , or ] after an array element", at: offset)
          }
          offset += 1
          try skipArrayBlanks()
          if self.byte == UInt8(ascii: "]") {
            offset += 1
            open.removeLast()
            continue
          }
          slot = .element(array: node)
          depth = arrayDepth + 1
          continue nextValue
        case .table(let node, let tableDepth):
          skipSpaces()
          if byte == UInt8(ascii: "}") {
            offset += 1
            tree.close(node)
            open.removeLast()
            continue
          }
          guard byte == UInt8(ascii: ",") else { throw error(.syntax, Self.unclosedInlineTable, at: offset) }
          offset += 1
          skipSpaces()
          if byte == UInt8(ascii: "}") {
            throw error(
              .syntax,
              "a comma must be followed by another key = value in an inline table (TOML 1.0 has no "
                + "trailing commas there)", at: offset)
          }
          (slot, depth) = try inlineEntry(in: node, depth: tableDepth)
          continue nextValue
        }
      }
      return
    }
  }

  /// `key = ` inside the inline table `table`: where its value goes and how deep it is.
  private mutating func inlineEntry(in table: Int, depth: Int) throws(TOMLError) -> (TOMLSlot, Int) {
    let keys = try parseKey(.inlineTable)
    try expectEquals(after: keys)
    let entryDepth = depth + keys.count
    if let first = keys.first { try TOMLTree.checkDepth(entryDepth, at: first.position) }
    // Inline tables number their sections below zero, apart from the headers' sections.
    return (try tree.slot(for: keys, in: table, section: -1 - table), entryDepth)
  }

  private mutating func unclosedArray(_ opener: Int) -> TOMLError {
    error(.syntax, "missing ]: the array opened here is still open at the end of the file", at: opener)
  }

  /// Inside an array: blanks, line breaks and comments.
  private mutating func skipArrayBlanks() throws(TOMLError) {
    while let byte {
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"):
        offset += 1
      case UInt8(ascii: "\r"):
        guard source[offset + 1] == UInt8(ascii: "\n") else {
          throw error(.syntax, "a carriage return (\\r) must be followed by a line feed (\\n)", at: offset)
        }
        offset += 2
      case UInt8(ascii: "#"):
        try skipComment()
      default:
        return
      }
    }
  }
}
