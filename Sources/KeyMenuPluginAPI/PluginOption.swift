/// One option a plugin accepts in its `[plugins.NAME]` section, declared so
/// that `keymenud --check` can validate it (with file, line and column)
/// before the plugin ever sees it.
public struct PluginOption: Hashable, Sendable {
  /// What values the option takes.
  public enum Kind: Hashable, Sendable {
    case bool
    /// An integer within the range.
    case integer(ClosedRange<Int>)
    /// A number within the range (integers are accepted too).
    case double(ClosedRange<Double>)
    /// Any string.
    case string
    /// One of these strings.
    case choice([String])
    /// An array of strings.
    case strings
  }

  /// The key, such as `rate`.
  public var key: String
  /// What it takes.
  public var kind: Kind
  /// The value when the key is left out (nil: no value).
  public var defaultValue: PluginConfiguration.Value?
  /// One line for the documentation (docs/CONFIGURATION.md lists each option).
  public var help: String

  /// Declares an option.
  public init(
    _ key: String, _ kind: Kind, default defaultValue: PluginConfiguration.Value? = nil, help: String
  ) {
    self.key = key
    self.kind = kind
    self.defaultValue = defaultValue
    self.help = help
  }

  /// Why `value` does not fit, or nil when it does.
  public func problem(with value: PluginConfiguration.Value) -> String? {
    switch (kind, value) {
    case (.bool, .bool), (.string, .string), (.double, .integer), (.double, .double):
      if case .double(let range) = kind {
        let number: Double
        switch value {
        case .integer(let integer): number = Double(integer)
        case .double(let double): number = double
        default: return nil
        }
        return range.contains(number) ? nil : "\(key) must be from \(range.lowerBound) to \(range.upperBound)"
      }
      return nil
    case (.integer(let range), .integer(let integer)):
      return range.contains(integer) ? nil : "\(key) must be from \(range.lowerBound) to \(range.upperBound)"
    case (.choice(let choices), .string(let text)):
      return choices.contains(text)
        ? nil
        : "\(key) must be one of \(choices.map { "\"\($0)\"" }.joined(separator: ", ")), not \"\(text)\""
    case (.strings, .array(let elements)):
      let allStrings = elements.allSatisfy { if case .string = $0 { true } else { false } }
      return allStrings ? nil : "\(key) must be an array of strings"
    default:
      return "\(key) must be \(kind.description)"
    }
  }
}

extension PluginOption.Kind: CustomStringConvertible {
  /// "an integer from 80 to 450", for error messages.
  public var description: String {
    switch self {
    case .bool: return "true or false"
    case .integer(let range): return "an integer from \(range.lowerBound) to \(range.upperBound)"
    case .double(let range): return "a number from \(range.lowerBound) to \(range.upperBound)"
    case .string: return "a string"
    case .choice(let choices): return "one of \(choices.map { "\"\($0)\"" }.joined(separator: ", "))"
    case .strings: return "an array of strings"
    }
  }
}
