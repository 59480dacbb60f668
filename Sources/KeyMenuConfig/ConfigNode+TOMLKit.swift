import TOMLKit

extension ConfigNode {
  /// Copies a parsed document, taking positions from the index of its text.
  init(document: TOMLTable, index: SourceIndex, file: String) {
    let converter = Converter(index: index, file: file)
    self = converter.node(document, path: [])
  }

  private struct Converter {
    let index: SourceIndex
    let file: String

    func location(_ position: TextPosition) -> ConfigLocation {
      ConfigLocation(file: file, line: position.line, column: position.column)
    }

    func node(_ value: any TOMLValueConvertible, path: ConfigPath) -> ConfigNode {
      let location = location(path.isEmpty ? TextPosition(line: 1, column: 1) : index.valuePosition(path))
      switch value.type {
      case .string: return ConfigNode(value: .string(value.string ?? ""), location: location)
      case .int: return ConfigNode(value: .integer(value.int ?? 0), location: location)
      case .double: return ConfigNode(value: .float(value.double ?? 0), location: location)
      case .bool: return ConfigNode(value: .boolean(value.bool ?? false), location: location)
      case .date, .time, .dateTime:
        return ConfigNode(value: .other(value.type.description), location: location)
      case .array:
        let elements = value.array.map { array in
          array.enumerated().map { number, element in node(element, path: path + [.index(number)]) }
        }
        return ConfigNode(value: .array(elements ?? []), location: location)
      case .table:
        guard let table = value.table else { return ConfigNode(value: .table([]), location: location) }
        let entries = table.keys.compactMap { key -> ConfigEntry? in
          guard let child = table[key] else { return nil }
          let childPath = path + [.key(key)]
          return ConfigEntry(
            key: key, keyLocation: self.location(index.keyPosition(childPath)),
            node: node(child, path: childPath))
        }
        return ConfigNode(
          value: .table(entries.sorted { $0.keyLocation < $1.keyLocation }), location: location)
      }
    }
  }
}
