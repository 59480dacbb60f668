import Logging

/// Logs the first of a run of failures as a warning and the rest at debug
/// level, until a success ends the run (logged at info level).
struct TroubleLog {
  let logger: Logger
  private(set) var inTrouble = false

  /// Starts out of trouble.
  init(_ logger: Logger) { self.logger = logger }

  /// Something failed.
  mutating func failed(_ message: String) {
    if inTrouble {
      logger.debug("\(message)")
    } else {
      inTrouble = true
      logger.warning("\(message)")
    }
  }

  /// Something worked.
  mutating func succeeded(_ message: String) {
    guard inTrouble else { return }
    inTrouble = false
    logger.info("\(message)")
  }
}
