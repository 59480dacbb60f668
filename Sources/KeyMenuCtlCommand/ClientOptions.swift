import ArgumentParser
import Glibc
import KeyMenuClient
import KeyMenuCore
import KeyMenuProtocol

/// The `--socket` option and connecting through it.
struct SocketOption: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The daemon's socket (default: KEYMENU_SOCKET, else /run/keymenu/keymenu.sock).", valueName: "path"))
  var socket: String?

  /// Connects to the daemon: through `KEYMENU_FD` when keymenud started this
  /// process with a connection and no `--socket` was given, else the socket.
  func connect() throws(ClientFailure) -> DaemonConnection { try DaemonConnection.connect(socket: socket) }
}

/// Options every client command shares.
struct ClientOptions: ParsableArguments {
  @OptionGroup var target: SocketOption

  @Flag(name: .long, help: "Print JSON lines even on a terminal.")
  var json = false

  /// Connects to the daemon.
  func connect() throws(ClientFailure) -> DaemonConnection { try target.connect() }

  /// Whether to print for a person (a terminal, and no --json).
  var pretty: Bool { !json && isatty(1) == 1 }

  /// Prints a result: indented on a terminal, one JSON line otherwise.
  func printResult(_ value: JSONValue) {
    print(pretty ? PrettyJSON.render(value) : value.jsonText)
  }
}

/// JSON indented for a person.
enum PrettyJSON {
  static func render(_ value: JSONValue, indent: String = "") -> String {
    let inner = indent + "  "
    switch value {
    case .object(let members) where !members.isEmpty:
      let lines = members.keys.sorted().map {
        "\(inner)\(ShownText.visible($0)): \(render(members[$0]!, indent: inner))"
      }
      return "{\n" + lines.joined(separator: "\n") + "\n\(indent)}"
    case .array(let elements) where !elements.isEmpty:
      return "[\n" + elements.map { inner + render($0, indent: inner) }.joined(separator: "\n")
        + "\n\(indent)]"
    default:
      return value.jsonText
    }
  }
}
