/// The command lines scripts run most, read by hand before ArgumentParser
/// sees them: `status`, with `--json` and `--socket PATH` (or
/// `--socket=PATH`) in any order. Parsing through ArgumentParser costs more
/// than the request itself: setting up a command tree of 22 commands, it
/// looks up protocol conformances in the runtime and reflects on each
/// command's properties (`Mirror`). Anything else, a mistake or `--help`
/// among it, is left to ArgumentParser, which parses, explains and
/// completes every command as before.
enum QuickCommand {
  /// `keymenuctl status`.
  case status(socket: String?, json: Bool)

  /// The command `arguments` (the program's name left out) make, when it is
  /// one of the quick ones written exactly as they may be; nil otherwise.
  init?(_ arguments: [String]) {
    guard arguments.first == "status" else { return nil }
    var socket: String?
    var json = false
    var rest = arguments.dropFirst()
    while let argument = rest.popFirst() {
      switch argument {
      case "--json" where !json:
        json = true
      case "--socket" where socket == nil:
        guard let path = rest.popFirst(), !path.hasPrefix("-") else { return nil }
        socket = path
      case _ where argument.hasPrefix("--socket=") && socket == nil:
        let path = String(argument.dropFirst("--socket=".count))
        guard !path.isEmpty else { return nil }
        socket = path
      default:
        return nil
      }
    }
    self = .status(socket: socket, json: json)
  }

  /// Runs the command as its ArgumentParser form would.
  func run() throws {
    switch self {
    case .status(let socket, let json): try Status.run(socket: socket, json: json)
    }
  }
}
