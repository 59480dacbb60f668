import KeyMenuTOML

extension ConfigNode {
  /// Copies a parsed document, with the places its parser kept, into the
  /// values the checks read. The recursion is as deep as the document,
  /// which ``TOMLParser/maximumDepth`` bounds.
  init(_ document: TOMLTable, file: String) {
    self.init(TOMLValue(.table(document), at: TOMLPosition(line: 1, column: 1)), file: file)
  }

  private init(_ value: TOMLValue, file: String) {
    let location = ConfigLocation(file: file, line: value.position.line, column: value.position.column)
    switch value.kind {
    case .string(let text): self.init(value: .string(text), location: location)
    case .integer(let number): self.init(value: .integer(Int(number)), location: location)
    case .float(let number): self.init(value: .float(number), location: location)
    case .boolean(let flag): self.init(value: .boolean(flag), location: location)
    case .dateTime(let date): self.init(value: .other(date.typeName), location: location)
    case .array(let elements):
      self.init(value: .array(elements.map { ConfigNode($0, file: file) }), location: location)
    case .table(let table):
      let entries = table.entries.map { entry in
        ConfigEntry(
          key: entry.key,
          keyLocation: ConfigLocation(
            file: file, line: entry.keyPosition.line, column: entry.keyPosition.column),
          node: ConfigNode(entry.value, file: file))
      }
      self.init(value: .table(entries), location: location)
    }
  }
}
