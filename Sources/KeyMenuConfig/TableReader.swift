/// Reads the keys of one table, checking each value's type, and afterwards
/// reports every key nobody asked for: typos must not pass silently.
///
/// Every key a check asks for (present or not) counts as known, so the
/// "did you mean" hint for an unknown key picks from exactly the keys this
/// table accepts.
struct TableReader {
  /// How messages name the table: `[devices]`, `hotkey`, `menu item`.
  let name: String
  /// Where the table starts.
  let location: ConfigLocation
  private let entries: [ConfigEntry]
  private(set) var known: [String] = []
  private var used: Set<String> = []
  /// Keys that belong in another table, with that table's name, for a better hint.
  var elsewhere: [String: String] = [:]

  init(entries: [ConfigEntry], location: ConfigLocation, name: String) {
    self.entries = entries
    self.location = location
    self.name = name
  }

  /// A reader for a node that must be a table; an error and nil otherwise.
  init?(_ node: ConfigNode, name: String, key: String, _ diagnostics: inout Diagnostics) {
    guard let entries = node.entries else {
      diagnostics.error("\(key) must be a table, not \(node.typeName)", at: node.location)
      return nil
    }
    self.init(entries: entries, location: node.location, name: name)
  }

  /// The value of a key, marking it known and used.
  mutating func node(_ key: String) -> ConfigNode? {
    if !known.contains(key) { known.append(key) }
    guard let entry = entries.first(where: { $0.key == key }) else { return nil }
    used.insert(key)
    return entry.node
  }

  /// Whether the table has no keys at all.
  var isEmpty: Bool { entries.isEmpty }

  /// Whether the table has a key (without marking it).
  func has(_ key: String) -> Bool { entries.contains { $0.key == key } }

  /// A string value without marking the key (nil when absent or not a string).
  func peekString(_ key: String) -> String? {
    guard case .string(let value) = entries.first(where: { $0.key == key })?.node.value else { return nil }
    return value
  }

  /// Where a key was written, or the table when it was not.
  func keyLocation(_ key: String) -> ConfigLocation {
    entries.first { $0.key == key }?.keyLocation ?? location
  }

  /// Where a key's value was written, or the table when it was not.
  func valueLocation(_ key: String) -> ConfigLocation {
    entries.first { $0.key == key }?.node.location ?? location
  }

  /// Reports a key whose value has the wrong type.
  func typeError(_ key: String, _ node: ConfigNode, expected: String, _ diagnostics: inout Diagnostics) {
    diagnostics.error("\(key) must be \(expected), not \(node.typeName)", at: node.location)
  }

  mutating func string(_ key: String, _ diagnostics: inout Diagnostics) -> String? {
    value(key, expected: "a string", &diagnostics) { if case .string(let value) = $0 { value } else { nil } }
  }

  mutating func bool(_ key: String, _ diagnostics: inout Diagnostics) -> Bool? {
    value(key, expected: "true or false", &diagnostics) {
      if case .boolean(let value) = $0 { value } else { nil }
    }
  }

  mutating func integer(_ key: String, _ diagnostics: inout Diagnostics) -> Int? {
    value(key, expected: "an integer", &diagnostics) {
      if case .integer(let value) = $0 { value } else { nil }
    }
  }

  mutating func array(_ key: String, _ diagnostics: inout Diagnostics) -> [ConfigNode]? {
    value(key, expected: "an array", &diagnostics) { if case .array(let value) = $0 { value } else { nil } }
  }

  /// The value of `key` as `extract` reads it; a type error (naming what was
  /// `expected`) and nil when it does not fit.
  private mutating func value<Value>(
    _ key: String, expected: String, _ diagnostics: inout Diagnostics, _ extract: (ConfigNode.Value) -> Value?
  ) -> Value? {
    guard let node = node(key) else { return nil }
    guard let value = extract(node.value) else {
      typeError(key, node, expected: expected, &diagnostics)
      return nil
    }
    return value
  }

  /// An array whose elements must all be strings; nil if any is not.
  mutating func strings(_ key: String, _ diagnostics: inout Diagnostics) -> [String]? {
    guard let elements = array(key, &diagnostics) else { return nil }
    var strings: [String] = []
    for element in elements {
      guard case .string(let value) = element.value else {
        diagnostics.error("\(key) must hold strings only, not \(element.typeName)", at: element.location)
        return nil
      }
      strings.append(value)
    }
    return strings
  }

  /// Reports every key no check asked for.
  func reportUnknownKeys(_ diagnostics: inout Diagnostics) {
    for entry in entries where !used.contains(entry.key) {
      var message = "unknown key '\(entry.key)' in \(name)"
      if let table = elsewhere[entry.key] {
        message += "; it belongs in \(table)"
      } else if let match = Suggestion.closest(to: entry.key, in: known) {
        message += "; did you mean '\(match)'?"
      } else {
        message += "; known keys: " + known.joined(separator: ", ")
      }
      diagnostics.error(message, at: entry.keyLocation)
    }
  }
}
