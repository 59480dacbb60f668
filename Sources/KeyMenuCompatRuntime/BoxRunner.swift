public import KeyMenuClient
public import KeyMenuCompat

/// Shows one box and waits for its outcome: through keymenud's presenters
/// only, or, when the calling script has a terminal (standard input and
/// output are terminals and `/dev/tty` opens, as whiptail needs), also
/// drawn on that terminal, where Enter and Esc answer it too
/// (``TerminalBox``); the first answer wins.
public struct BoxRunner {
  /// The connection.
  public let connection: DaemonConnection
  /// What to ask.
  public let plan: DialogPlan
  /// `--backtitle`, drawn on the terminal's first line.
  public let backtitle: String?

  /// A runner.
  public init(connection: DaemonConnection, plan: DialogPlan, backtitle: String?) {
    self.connection = connection
    self.plan = plan
    self.backtitle = backtitle
  }

  /// Asks and waits: the outcome.
  public func run() throws(ClientFailure) -> DialogOutcome {
    if let terminal = ScriptTerminal.open() {
      return try TerminalBox(connection: connection, plan: plan, backtitle: backtitle, terminal: terminal)
        .run()
    }
    return try BoxSession(connection: connection, plan: plan).run()
  }
}
