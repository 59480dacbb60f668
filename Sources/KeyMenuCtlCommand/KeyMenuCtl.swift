import ArgumentParser
import Glibc
import KeyMenuClient
import KeyMenuEvdev
import KeyMenuProtocol

/// `keymenuctl`: inspect input devices and watch decoded keys.
struct KeyMenuCtl: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "keymenuctl",
    abstract: "Talk to keymenud, inspect input devices and watch the keys keymenu decodes.",
    discussion: """
      keymenuctl reads keyboards, keypads and remotes through libevdev, the same \
      way keymenud does. Reading /dev/input needs root or membership of the \
      'input' group.

      ENVIRONMENT
        KEYMENU_FD      a connection keymenud handed a command it started
                        (descriptor 3, drive tier); used when set and no --socket
        KEYMENU_SOCKET  the daemon's socket (default /run/keymenu/keymenu.sock)

      EXIT STATUS
        0    success (monitor: stopped by Ctrl-C or SIGTERM, or every --device gone)
        1    an error: a device could not be opened or read (alert, prompt, menu,
             gauge, textbox, checklist, radiolist: see their help)
        2    usage error: unknown command, option or argument
        254  subscribe, ui: the daemon closed the connection (the message says why)
        255  client commands: the daemon cannot be reached or refused the request
      """,
    version: KeyMenuVersion.current,
    subcommands: [
      Devices.self, Monitor.self, LearnCommand.self, Simulate.self, AlertCommand.self, PromptCommand.self,
      ChecklistCommand.self,
      RadiolistCommand.self, MenuCommand.self, GaugeCommand.self, TextBoxCommand.self, InfoBoxCommand.self,
      Selectors.self,
      Invoke.self,
      State.self, Subscribe.self, Reload.self, Status.self, PluginsCommand.self, Call.self, UICommand.self,
    ]
  )

  /// Runs the command line, mapping errors to the documented exit codes.
  static func main(_ arguments: [String]) {
    do {
      if let quick = QuickCommand(arguments) {
        return try quick.run()
      }
      var command = try parseAsRoot(arguments)
      try command.run()
    } catch let failure as CommandFailure {
      printError(failure.message)
      Glibc.exit(1)
    } catch let closed as ConnectionClosed {
      printError(closed.message)
      Glibc.exit(ConnectionClosed.exitStatus)
    } catch let failure as ClientFailure {
      printError(failure.message)
      Glibc.exit(255)
    } catch let error as EvdevError {
      printError(error.message)
      Glibc.exit(1)
    } catch let code as ExitCode {
      // A command's documented status: what exit(withError:) does with
      // it, without looking the error up among ArgumentParser's kinds.
      Glibc.exit(code.rawValue)
    } catch {
      if exitCode(for: error) == .validationFailure {
        var output = OutputBuffer(fileDescriptor: 2)
        output.append(fullMessage(for: error) + "\n")
        output.flush()
        Glibc.exit(2)
      }
      exit(withError: error)
    }
  }

  static func printError(_ message: String) {
    var output = OutputBuffer(fileDescriptor: 2)
    output.append("keymenuctl: ")
    output.append(printable: message)
    output.append("\n")
    output.flush()
  }
}

/// An error that ends a command with a message and exit status 1.
struct CommandFailure: Error {
  var message: String
}
