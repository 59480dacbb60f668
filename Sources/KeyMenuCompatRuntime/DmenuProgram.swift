import Glibc
import KeyMenuClient
import KeyMenuCompat
import KeyMenuCore
import KeyMenuProtocol

/// `keymenu-dmenu`: dmenu's command line: items on standard input, the
/// chosen one (or the text typed) on standard output, exit 1 on cancel;
/// asked through keymenu, under dmenu's keys.
/// The real dmenu runs when keymenud cannot be reached.
///
/// Here rather than in its own program: keymenu-whiptail runs it when it is
/// called keymenu-dmenu (a link to it in the package), so that the compat
/// commands are one binary, one copy of the Swift runtime and of the
/// client's code on disk.
public enum DmenuProgram {
  /// Whether a program called `programName` (its `argv[0]`) is dmenu's.
  public static func answers(programName: String) -> Bool {
    let base = programName.split(separator: "/").last.map(String.init) ?? programName
    return base == "keymenu-dmenu" || base == "dmenu"
  }

  /// Runs `arguments` (the program's name left out) as dmenu's command
  /// line, and exits.
  public static func main(_ arguments: [String]) -> Never {
    let parsed: DmenuArguments
    do {
      switch try DmenuArgumentParser.parse(arguments) {
      case .version:
        Descriptor.write("keymenu-dmenu-\(KeyMenuVersion.current)\n", to: 1)
        exit(0)
      case .help:
        Descriptor.write(DmenuHelp.text, to: 1)
        exit(0)
      case .run(let run):
        parsed = run
      }
    } catch {
      Descriptor.write(DmenuArgumentParser.usage + "\n", to: 2)
      exit(1)
    }
    // Standard input is read before connecting: the real dmenu, if it must
    // run instead, gets the items through a pipe of its own.
    let answerKeys: CompatAnswerKeys
    do {
      answerKeys = try CompatAnswerKeys(
        parsing: getenv(CompatAnswerKeys.variable).map { String(cString: $0) })
    } catch {
      Descriptor.write("keymenu-dmenu: \(error)\n", to: 2)
      exit(1)
    }
    let input = Descriptor.readAll(0)
    let lines = DmenuPlan.lines(of: input)
    let connection: DaemonConnection
    do {
      connection = try DaemonConnection.connect(socket: nil)
    } catch {
      runReal(arguments, lines: lines, because: error.message)
    }
    guard connection.answers() else {
      runReal(arguments, lines: lines, because: "keymenud does not answer")
    }
    // No lines is a menu too: only the text typed can be answered (dmenu
    // -p Name: </dev/null asks for a name).
    let plan = DmenuPlan(arguments: parsed, lines: lines, answerKeys: answerKeys)
    let answer: JSONValue
    do {
      let request = try connection.sendMenu(plan.params)
      // Ctrl+Return answers and keeps the menu open: written at once, as dmenu does.
      answer = try connection.response(to: request) { method, params in
        if let line = plan.pickedLine(method: method, params: params, request: request) {
          Descriptor.write(line + [UInt8(ascii: "\n")], to: 1)
        }
      }.orFail()
    } catch {
      // keymenud went away or refused before the menu was answered: the
      // real dmenu asks instead.
      runReal(arguments, lines: lines, because: error.message)
    }
    if let (line, status) = plan.keyAnswer(answer) {
      if let line { Descriptor.write(line + [UInt8(ascii: "\n")], to: 1) }
      exit(status)
    }
    guard let line = plan.chosenLine(answer) else { exit(1) }
    Descriptor.write(line + [UInt8(ascii: "\n")], to: 1)
    exit(0)
  }

  /// Runs the real dmenu with the same arguments and the lines already
  /// read on its standard input; exit 1 with a message when there is none,
  /// or when this command was itself run as the real one
  /// (``CompatFallback``: falling back again would loop).
  static func runReal(_ arguments: [String], lines: [[UInt8]], because reason: String) -> Never {
    RealProgram.fallBack(
      .dmenu, arguments: arguments, input: lines.flatMap { $0 + [UInt8(ascii: "\n")] }, because: reason)
  }
}
