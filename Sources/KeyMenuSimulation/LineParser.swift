import KeyMenuCore
import KeyMenuPluginAPI

/// The words of one scenario line after its command: positional words first,
/// then `name=value` options and bare flags, each used at most once.
struct LineParser {
  let line: Int
  var words: [String]
  let names: KeyNameTable

  func error(_ message: String) -> ScenarioError { ScenarioError(line: line, message: message) }

  mutating func word(_ what: String) throws(ScenarioError) -> String {
    guard let first = words.first, !first.contains("=") else { throw error("expected \(what)") }
    words.removeFirst()
    return first
  }

  mutating func flag(_ name: String) -> Bool {
    guard let index = words.firstIndex(of: name) else { return false }
    words.remove(at: index)
    return true
  }

  mutating func option(_ name: String) -> String? {
    guard let index = words.firstIndex(where: { $0.hasPrefix(name + "=") }) else { return nil }
    return String(words.remove(at: index).dropFirst(name.count + 1))
  }

  mutating func integer(_ name: String) throws(ScenarioError) -> Int? {
    guard let text = option(name) else { return nil }
    guard let value = Int(text) else { throw error("\(name)= needs a number, not '\(text)'") }
    return value
  }

  mutating func duration(_ name: String) throws(ScenarioError) -> Duration? {
    guard let text = option(name) else { return nil }
    guard let value = Self.parseDuration(text) else { throw error("\(name)= needs a duration such as 5s") }
    return value
  }

  /// `key=ctrl+shift+r`: modifiers then a key name (``KeyChord/parse(_:names:)``).
  mutating func chord() throws(ScenarioError) -> KeyChord? {
    guard let text = option("key") else { return nil }
    do {
      return try KeyChord.parse(text, names: names)
    } catch {
      throw self.error("key=\(text): \(error.message)")
    }
  }

  mutating func key() throws(ScenarioError) -> KeyCode {
    let name = try word("a key name such as KEY_ENTER")
    guard let code = names.code(named: name) else { throw error("unknown key \(name)") }
    return code
  }

  mutating func edit() throws(ScenarioError) -> Scenario.MenuEditStep {
    let verb = try word("insert, remove, move or update")
    let section = try integer("section") ?? 0
    switch verb {
    case "insert":
      return .insert(title: try word("a title"), section: section, at: try integer("at") ?? 0)
    case "remove": return .remove(section: section, at: try integer("at") ?? 0)
    case "update":
      return .update(
        title: try word("a title"), enabled: !flag("disabled"), section: section, at: try integer("at") ?? 0)
    case "move": return .move(section: section, from: try integer("from") ?? 0, to: try integer("to") ?? 0)
    default: throw error("unknown edit '\(verb)'")
    }
  }

  /// Every `name=value` word left, taken.
  mutating func remainingOptions() -> [String: String] {
    var options: [String: String] = [:]
    words.removeAll { word in
      guard let equals = word.firstIndex(of: "=") else { return false }
      options[String(word[..<equals])] = String(word[word.index(after: equals)...])
      return true
    }
    return options
  }

  /// Fails on words nobody used, so typos are reported, not ignored.
  func finish() throws(ScenarioError) {
    if let extra = words.first { throw error("unexpected '\(extra)'") }
  }

  /// `250ms`, `5s`, `1.5s`.
  static func parseDuration(_ text: String) -> Duration? {
    if text.hasSuffix("ms"), let value = Int(text.dropLast(2)) { return .milliseconds(value) }
    if text.hasSuffix("s"), let value = Double(text.dropLast()) {
      return .milliseconds(Int((value * 1000).rounded()))
    }
    return nil
  }
}
