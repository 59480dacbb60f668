/// The arguments of the daemon subcommands: `--name VALUE` options, then
/// `--` and the keymenud command line to start
/// (`keymenu-bench rtt --requests 1000 -- .build/release/keymenud --config F`).
struct DaemonArguments {
  /// The keymenud command (program and arguments; `--socket` is added).
  var command: [String] = []
  private var options: [String: String] = [:]

  /// Parses `arguments`; exits with `usage` on an option not in `known`.
  init(_ arguments: ArraySlice<String>, known: Set<String>, usage: String) {
    var rest = arguments
    while let first = rest.first, first != "--" {
      guard first.hasPrefix("--"), known.contains(String(first.dropFirst(2))), rest.count >= 2 else {
        fail("usage: \(usage)")
      }
      options[String(first.dropFirst(2))] = rest[rest.startIndex + 1]
      rest = rest.dropFirst(2)
    }
    command = Array(rest.dropFirst())
    guard !command.isEmpty else { fail("usage: \(usage)") }
  }

  /// The integer option `name`, or `defaultValue`; exits when it is not a positive number.
  func integer(_ name: String, default defaultValue: Int) -> Int {
    guard let text = options[name] else { return defaultValue }
    guard let value = Int(text), value > 0 else { fail("--\(name) needs a positive number, not \(text)") }
    return value
  }

  /// The text option `name`, or `defaultValue`.
  func text(_ name: String, default defaultValue: String) -> String { options[name] ?? defaultValue }
}
