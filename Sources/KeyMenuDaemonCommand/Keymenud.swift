import ArgumentParser
import Glibc
import KeyMenuBuiltins
import KeyMenuConfig
import KeyMenuCore
import KeyMenuDaemon
import KeyMenuEvdev
import KeyMenuProtocol
import KeyMenuRuntime
import Logging

/// `keymenud`: the keyboard event and menu daemon.
struct Keymenud: ParsableCommand {
  static let version = KeyMenuVersion.current

  static let configuration = CommandConfiguration(
    commandName: "keymenud",
    abstract: "The keymenu daemon: reads keyboards and remotes, shows alerts and menus, serves scripts.",
    discussion: """
      keymenud reads every keyboard-like input device (or those the configuration \
      selects), routes keys to the alert or menu in front and to configured hotkeys, \
      and serves newline-delimited JSON-RPC on a Unix socket (docs/PROTOCOL.md). \
      Under systemd it runs as its own user with the 'input' group (systemd/README.md); \
      it needs no root, and the commands and external plugins it starts never run as root.

      FILES
        /etc/keymenu/keymenu.toml      the configuration (docs/CONFIGURATION.md)
        /etc/keymenu/conf.d/*.toml     drop-ins, read in name order
        /run/keymenu/keymenu.sock      the socket (or the one systemd passes)

      ENVIRONMENT
        KEYMENU_SOCKET   socket path, overriding the configuration
        NOTIFY_SOCKET    systemd readiness (READY=1, RELOADING=1, STOPPING=1)
        WATCHDOG_USEC    systemd's watchdog (the unit's WatchdogSec=30s): WATCHDOG=1
                         from the engine thread every half of it, its only wake-up
                         at rest
        LISTEN_FDS       systemd socket activation

      SIGNALS
        SIGTERM, SIGINT  answer pending alerts 'dismissed', release grabs, remove the
                         socket it created, exit 0
        SIGHUP           reload the configuration; on errors the old one stays

      EXIT STATUS
        0  stopped by a signal, or --check found no errors
        1  the configuration has errors (--check prints each as
           file:line:column: message), or the daemon could not start (socket in
           use, no permission)
        2  usage error
      """,
    version: version
  )

  @Option(name: .long, help: ArgumentHelp("Read this configuration file instead.", valueName: "path"))
  var config: String?

  @Flag(
    name: .long,
    help: """
      Check the configuration (or FILE...) and exit: 0 if valid (warnings may be printed), 1 with every error.
      """)
  var check = false

  @Argument(
    help: ArgumentHelp(
      "With --check, the files to check: the first as the main file, the others as drop-ins merged in order, as keymenud would (keymenud --check main.toml conf.d/*.toml).",
      valueName: "FILE"))
  var files: [String] = []

  @Option(
    name: .long, help: ArgumentHelp("Listen on this socket path (also KEYMENU_SOCKET).", valueName: "path"))
  var socket: String?

  @Option(
    name: .customLong("input-dir"),
    help: ArgumentHelp("Where input devices appear.", valueName: "path", visibility: .hidden))
  var inputDirectory = "/dev/input"

  func validate() throws {
    if !files.isEmpty, !check { throw ValidationError("FILE is only used with --check") }
  }

  /// The files to read: `--check FILE...` (the first the main file, the
  /// others drop-ins), `--config` (no drop-ins) or the standard place.
  var source: (file: String, dropIns: String?, dropInFiles: [String]) {
    if let first = files.first, check { return (first, nil, Array(files.dropFirst())) }
    if let config { return (config, nil, []) }
    return ("/etc/keymenu/keymenu.toml", "/etc/keymenu/conf.d", [])
  }

  /// Runs keymenud with `arguments` (argv without the program's name).
  static func main(_ arguments: [String]) {
    // First of all: nothing typed into a masked field may end up in a core file.
    if let failure = CoreDumps.disable() { printError("cannot turn core dumps off: \(failure)") }
    Allocator.keepLargeAllocationsApart()
    // Before any thread exists, so that every thread inherits the blocked mask.
    let signals: StopSignals
    do {
      signals = try Daemon.makeSignals()
    } catch {
      fail(error.message)
    }
    Daemon.runConcurrencyOnEventLoops()
    let command: Keymenud
    do {
      command = try Keymenud.parse(arguments)
    } catch {
      // Usage errors exit 2, as documented (ArgumentParser's own code is 64).
      if exitCode(for: error) == .validationFailure {
        // Line by line: each escaped, the usage's own line breaks kept.
        for line in fullMessage(for: error).split(separator: "\n", omittingEmptySubsequences: false) {
          printError(String(line))
        }
        Glibc.exit(2)
      }
      exit(withError: error)
    }
    let (file, dropIns, dropInFiles) = command.source
    let loaded = ConfigSource(
      file: file, dropInDirectory: dropIns, dropInFiles: dropInFiles, keyNames: .libevdev,
      plugins: BuiltinPlugins.catalog
    )
    .load()
    if command.check { checkAndExit(loaded) }
    let configuration: DaemonConfiguration
    switch loaded {
    case .success(let found): configuration = found
    case .failure(let errors):
      for diagnostic in errors.all { printError(diagnostic.description) }
      fail("the configuration has \(errors.countText); not starting")
    }
    LoggingSystem.bootstrap { label in
      var handler = OneLineLogHandler(StreamLogHandler.standardError(label: label))
      handler.logLevel = configuration.logLevel
      return handler
    }
    let logger = {
      var logger = Logger(label: "keymenud")
      logger.logLevel = configuration.logLevel
      return logger
    }()
    let environment = ProcessEnvironment.current
    let options = Daemon.Options(
      configFile: file, dropInDirectory: dropIns, socketPath: command.socket ?? environment["KEYMENU_SOCKET"],
      inputDirectory: command.inputDirectory, version: version, environment: environment,
      plugins: BuiltinPlugins.catalog)
    // Two threads: this one runs the engine (devices, signals, plugins) and
    // NIO's one event loop runs the socket server and the service group.
    let host = MainThreadHost()
    let outcome = AsyncMain.block(host: host) {
      try await Daemon.run(
        options: options, configuration: configuration, signals: signals, logger: logger,
        engineThread: host.start)
    }
    if case .failure(let error) = outcome { fail("\(error)") }
    Glibc.exit(0)
  }

  static func checkAndExit(_ loaded: Result<DaemonConfiguration, ConfigErrors>) -> Never {
    switch loaded {
    case .success(let configuration):
      for warning in configuration.warnings { printError(warning.description) }
      for problem in KeyboardLayoutCheck.problems(of: configuration.keyboard) {
        printError("warning: " + problem)
      }
      print("\(configuration.sources.joined(separator: ", ")): ok")
      Glibc.exit(0)
    case .failure(let errors):
      for diagnostic in errors.all { printError(diagnostic.description) }
      Glibc.exit(1)
    }
  }

  /// One line on standard error, escaped as the log is (``OneLineLogHandler``):
  /// diagnostics quote configuration values, which are text from outside.
  static func printError(_ message: String) {
    let line = Array((ShownText.escaped(message) + "\n").utf8)
    _ = write(2, line, line.count)
  }

  static func fail(_ message: String) -> Never {
    printError("keymenud: " + message)
    Glibc.exit(1)
  }
}
