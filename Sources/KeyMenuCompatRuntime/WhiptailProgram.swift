import Glibc
import KeyMenuClient
import KeyMenuCompat
import KeyMenuProtocol

/// `keymenu-whiptail` (and `keymenu-dialog`, the same program under
/// dialog's name): whiptail's and dialog's command line, answered from
/// keymenu's keyboards, keypads and remotes, with the same output and exit
/// status; the real program runs when keymenud cannot be reached. Called
/// `keymenu-dmenu` (or `dmenu`), it is dmenu's (``DmenuProgram``).
public enum WhiptailProgram {
  /// Runs the program called `programName` (its `argv[0]`: whiptail's or
  /// dialog's by its base name, dmenu's when ``DmenuProgram`` answers to
  /// it) with `arguments`, and exits with its status.
  public static func main(programName: String, arguments: [String]) -> Never {
    if DmenuProgram.answers(programName: programName) { DmenuProgram.main(arguments) }
    let flavor = CompatFlavor(programName: programName)
    let invocation: DialogInvocation
    do {
      invocation = try DialogArgumentParser(flavor: flavor).parse(arguments)
    } catch {
      Descriptor.write("\(flavor.realProgram): \(error.message)\n", to: 2)
      if case .usage = error.reason {
        Descriptor.write("Run '\(flavor.commandName) --help' for the options.\n", to: 2)
      }
      exit(error.exitStatus)
    }
    switch invocation {
    case .help:
      Descriptor.write(WhiptailHelp.text(flavor), to: 1)
      exit(0)
    case .version:
      Descriptor.write(
        "\(flavor.commandName) \(KeyMenuVersion.current) (\(flavor.rawValue)-compatible)\n", to: 1)
      exit(0)
    case .unsupported(let what):
      runReal(flavor, arguments, because: "keymenu does not do \(what)")
    case .box(let request, let options):
      guard Descriptor.isOpen(options.outputDescriptor) else {
        Descriptor.write("\(flavor.realProgram): cannot open output-fd \(options.outputDescriptor)\n", to: 2)
        exit(255)
      }
      var fileText: String?
      if case .textBox(let file, _) = request {
        switch TextFile.read(file, limit: 4 * TextBoxShowParams.maximumTextBytes) {
        case .failure(let failure):
          Descriptor.write("\(file): \(failure.reason)\n", to: 2)
          exit(255)
        case .success(let text):
          guard let text else {
            runReal(flavor, arguments, because: "\(file) is longer than a text box takes")
          }
          fileText = text
        }
      }
      guard let plan = DialogPlan(request, options: options, flavor: flavor, fileText: fileText) else {
        let reason =
          fileText != nil
          ? "the file is longer than a text box takes" : "keymenu has no --\(request.boxName) yet"
        runReal(flavor, arguments, because: reason)
      }
      let connection: DaemonConnection
      do {
        connection = try DaemonConnection.connect(socket: nil)
      } catch {
        runReal(flavor, arguments, because: error.message)
      }
      guard connection.answers() else {
        runReal(flavor, arguments, because: "keymenud does not answer")
      }
      let outcome: DialogOutcome
      do {
        outcome = try BoxRunner(
          connection: connection, plan: plan, backtitle: options.backtitle,
          drawsBesideAnswer: flavor == .dialog && options.outputDescriptor == 1
        ).run()
      } catch {
        // keymenud went away or refused before the box was answered: the
        // real program asks the question instead (a gauge's input is
        // read on by it from where this one stopped).
        runReal(flavor, arguments, because: error.message)
      }
      if let result = outcome.printed {
        Descriptor.write(
          DialogResultWriter(flavor: flavor, options: options).bytes(result), to: options.outputDescriptor)
      }
      exit(outcome.exitStatus)
    }
  }

  /// Runs the real program with the same arguments, silently (its stderr
  /// carries the result); exit 255 with a message when there is none, or
  /// when this command was itself run as the real one
  /// (``CompatFallback``: falling back again would loop).
  static func runReal(_ flavor: CompatFlavor, _ arguments: [String], because reason: String) -> Never {
    RealProgram.fallBack(CompatFallback(flavor), arguments: arguments, because: reason)
  }
}
