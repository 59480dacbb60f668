import KeyMenuCore
import KeyMenuProtocol

/// What a compat command does when keymenud cannot answer it: run the real
/// program in its place, or say why not and exit with its error status.
///
/// The program it runs inherits a mark in the environment,
/// `KEYMENU_COMPAT_FALLBACK` (the path run). A compat command that finds
/// the mark never falls back again: the "real" program it ran was keymenu
/// after all (a copy the locator did not recognise, or a script that runs
/// keymenu), and running it once more would exec for ever. A real program
/// that runs commands (dialog's `--prgbox`) passes the mark on too: a
/// compat command started by it asks keymenud as usual, but does not fall
/// back.
public struct CompatFallback: Sendable {
  /// The environment variable that marks the program a compat command ran.
  public static let markName = "KEYMENU_COMPAT_FALLBACK"
  /// The most of a mark shown in a message.
  static let shownMarkBytes = 256

  /// The compat command (`keymenu-whiptail`), the start of its messages.
  public var command: String
  /// The real program looked for (`whiptail`).
  public var realProgram: String
  /// How to install the real program (`apt install whiptail`).
  public var installHint: String
  /// The exit status when the real program cannot run (255 for whiptail
  /// and dialog, 1 for dmenu).
  public var errorStatus: Int32

  /// A fallback.
  public init(command: String, realProgram: String, installHint: String, errorStatus: Int32) {
    self.command = command
    self.realProgram = realProgram
    self.installHint = installHint
    self.errorStatus = errorStatus
  }

  /// whiptail's or dialog's, as their flavor says.
  public init(_ flavor: CompatFlavor) {
    self.init(
      command: flavor.commandName, realProgram: flavor.realProgram,
      installHint: "apt install \(flavor.realProgram)", errorStatus: 255)
  }

  /// dmenu's.
  public static let dmenu = CompatFallback(
    command: "keymenu-dmenu", realProgram: "dmenu", installHint: "apt install suckless-tools", errorStatus: 1)

  /// What to do.
  public enum Step: Equatable, Sendable {
    /// Run `path` with `mark` as `KEYMENU_COMPAT_FALLBACK` in its environment.
    case run(path: String, mark: String)
    /// Write `message` (a line) on standard error and exit with ``CompatFallback/errorStatus``.
    case refuse(message: String)
  }

  /// The step for a command that cannot ask keymenud because of `reason`,
  /// with `found` the real program on `PATH` (``RealProgramLocator``) and
  /// `mark` the environment's `KEYMENU_COMPAT_FALLBACK` (nil or empty: none).
  public func step(because reason: String, found: String?, mark: String?) -> Step {
    if let mark, !mark.isEmpty {
      let shown = RequestLimits.clipped(ShownText.visible(mark), toBytes: Self.shownMarkBytes)
      return .refuse(
        message:
          "\(command): \(reason); and not falling back to a real \(realProgram) again: \(Self.markName)=\(shown) "
          + "says a compat command already ran \(shown) as the real one, and it ran keymenu (a copy of it, "
          + "or a script that runs it), which would loop. Put the real \(realProgram) (\(installHint)) "
          + "before \(shown) on PATH, or remove \(shown)\n")
    }
    guard let found else {
      return .refuse(
        message:
          "\(command): \(reason); and no real \(realProgram) is installed to run instead (\(installHint))\n")
    }
    return .run(path: found, mark: found)
  }
}
