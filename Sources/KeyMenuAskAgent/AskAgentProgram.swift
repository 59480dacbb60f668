import Glibc
import KeyMenuAskPassword
import KeyMenuClient
import KeyMenuCore
import KeyMenuProtocol
import KeyMenuRuntime

/// `keymenu-ask-password`: answers systemd's password questions from
/// keymenu's keyboards and remotes (``AskAgent``). One of the names of the
/// multi-call `keymenu`.
public enum AskAgentProgram {
  static let usage = """
    Usage: keymenu-ask-password [--query] [--socket PATH] [--directory PATH]

    A systemd password agent: every question in the ask directory (an
    encrypted volume's passphrase, a service's key) is asked through keymenud
    as a prompt, masked unless the question says otherwise, and the answer
    sent back to the asker. It must run as root (the asker takes answers from
    root only), and needs no capability.

    Options:
      --query           exit once every question is answered and the
                        directory is empty (as its .path unit starts it),
                        rather than watch until keymenud goes away
      --socket PATH     keymenud's socket (default: KEYMENU_SOCKET, else
                        /run/keymenu/keymenu.sock)
      --directory PATH  the ask directory (default /run/systemd/ask-password)
      -h, --help        this text
      --version         the version

    Exit status: 0 when --query is done; 1 when keymenud or the directory
    cannot be reached or keymenud went away (the unit starts it again); 2
    for a usage error.

    """

  /// Runs the agent with `arguments` (the command line without the
  /// program's name); returns only by exiting.
  public static func main(_ arguments: [String]) -> Never {
    // What is typed into a prompt passes through this process: no core file.
    if let failure = CoreDumps.disable() { fail("cannot turn core dumps off: \(failure)", status: 1) }
    var socket: String?
    var directory = AskFile.directory
    var query = false
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "-h", "--help":
        print(usage, terminator: "")
        exit(0)
      case "--version":
        print("keymenu-ask-password \(KeyMenuVersion.current)")
        exit(0)
      case "--query":
        query = true
      case "--socket", "--directory":
        guard let value = rest.popFirst() else { fail("\(argument) needs a path", status: 2) }
        if argument == "--socket" { socket = value } else { directory = value }
      default:
        fail("unknown argument '\(ShownText.escaped(argument))'; see --help", status: 2)
      }
    }
    let watched: AskDirectory
    do {
      watched = try AskDirectory(path: directory)
    } catch {
      fail(error.description, status: 1)
    }
    do {
      var agent = AskAgent(
        directory: watched, connection: try DaemonConnection.connect(socket: socket), exitsWhenDone: query)
      try agent.run()
      exit(0)
    } catch {
      fail(error.message, status: 1)
    }
  }

  static func fail(_ message: String, status: Int32) -> Never {
    var line = "keymenu-ask-password: \(message)\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    exit(status)
  }
}
