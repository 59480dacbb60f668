public import KeyMenuClient
public import KeyMenuCompat

/// Shows one box and waits for its outcome: through keymenud's presenters
/// only, or, when the calling script has a terminal (standard output is
/// one and `/dev/tty` opens, as whiptail needs), also
/// drawn on that terminal, where every key typed is pressed on the box
/// (``BoxLoop``); the first answer wins. A gauge reads its standard input
/// meanwhile and is drawn when standard output is a terminal; an info box
/// is answered at once and drawn nowhere else.
public struct BoxRunner {
  /// The connection.
  public let connection: DaemonConnection
  /// What to ask.
  public let plan: DialogPlan
  /// `--backtitle`, drawn on the terminal's first line.
  public let backtitle: String?
  /// The answer goes to standard output and the box is drawn on `/dev/tty`
  /// even when standard output is not a terminal (dialog's `--stdout` and
  /// `--output-fd 1`, as in `x=$(dialog --stdout ...)`).
  public let drawsBesideAnswer: Bool

  /// A runner.
  public init(
    connection: DaemonConnection, plan: DialogPlan, backtitle: String?, drawsBesideAnswer: Bool = false
  ) {
    self.connection = connection
    self.plan = plan
    self.backtitle = backtitle
    self.drawsBesideAnswer = drawsBesideAnswer
  }

  /// Asks and waits: the outcome.
  public func run() throws(ClientFailure) -> DialogOutcome {
    if plan.answersAtOnce { return try BoxSession(connection: connection, plan: plan).run() }
    let terminal = ScriptTerminal.open(answerOnStandardOutput: drawsBesideAnswer)
    guard terminal != nil || plan.isGauge else {
      return try BoxSession(connection: connection, plan: plan).run()
    }
    return try BoxLoop(
      connection: connection, plan: plan, backtitle: backtitle, terminal: terminal, readsKeys: !plan.isGauge,
      gauge: plan.isGauge ? GaugeFeed() : nil
    ).run()
  }
}
