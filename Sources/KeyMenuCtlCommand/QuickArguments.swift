/// A command line read by hand against the options it may hold, for the
/// commands scripts run most (``QuickCommand``): long options with their
/// value in the next argument, flags, and positional arguments, in any
/// order. Only the plain forms are taken; anything else makes it nil and
/// the command line goes to ArgumentParser, which reads, explains and
/// refuses every form: an option it does not list, `--name=value`, a short
/// option, `--`, a value that starts with `-` or is missing, a flag or a
/// single-valued option given twice, more positional arguments than allowed.
struct QuickArguments {
  /// How an option takes values.
  enum Kind {
    /// `--name`, no value; at most once.
    case flag
    /// `--name VALUE`, at most once.
    case single
    /// `--name VALUE`, as often as given, in order.
    case repeated
  }

  private var flags: Set<String> = []
  private var values: [String: [String]] = [:]
  /// The positional arguments, in order.
  private(set) var positionals: [String] = []

  /// Reads `arguments` (the subcommand's name left out) against `options`
  /// (names without the leading `--`), with at most `positionals`
  /// positional arguments; nil for anything but the plain forms.
  init?(_ arguments: ArraySlice<String>, options: [String: Kind], positionals most: Int) {
    var rest = arguments
    while let argument = rest.popFirst() {
      guard argument.hasPrefix("-") else {
        guard positionals.count < most else { return nil }
        positionals.append(argument)
        continue
      }
      guard argument.hasPrefix("--"), let kind = options[String(argument.dropFirst(2))] else { return nil }
      let name = String(argument.dropFirst(2))
      switch kind {
      case .flag:
        guard flags.insert(name).inserted else { return nil }
      case .single, .repeated:
        guard let value = rest.popFirst(), !value.hasPrefix("-") else { return nil }
        if kind == .single, values[name] != nil { return nil }
        values[name, default: []].append(value)
      }
    }
  }

  /// Whether the flag `name` was given.
  func flag(_ name: String) -> Bool { flags.contains(name) }

  /// The value of the option `name`, if given.
  func value(_ name: String) -> String? { values[name]?.first }

  /// Every value of the repeated option `name`, in order.
  func all(_ name: String) -> [String] { values[name] ?? [] }

  /// The value of `name` converted as ArgumentParser converts it (`Int`,
  /// `Double`): `.some(nil)` when not given, nil when it does not convert.
  func converted<T>(_ name: String, _ convert: (String) -> T?) -> T?? {
    guard let text = value(name) else { return .some(nil) }
    return convert(text).map { .some($0) }
  }

  /// The `--wake-tv` / `--no-wake-tv` pair (`@Flag(inversion: .prefixedNo)`):
  /// `.some(nil)` when neither was given, nil when both were.
  func inversion(_ name: String) -> Bool?? {
    switch (flag(name), flag("no-" + name)) {
    case (true, true): nil
    case (true, false): .some(true)
    case (false, true): .some(false)
    case (false, false): .some(nil)
    }
  }
}
