import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuProtocol
import Logging

/// Who pays for what a configured action shows: the uid of the client
/// whose request set it off, or keymenud's own uid for the configuration
/// (a person's key, a choice a person made).
struct ActionPayer: Hashable, Sendable {
  /// The uid it is counted against in the ``HoldingLedger``.
  var uid: UInt32
  /// How the log names it: `client 3`, `the configuration`.
  var name: String
}

/// What configured actions show, counted in the daemon's ``HoldingBook``
/// against their payers (kind `waiting`, with the bytes of their text)
/// while it is queued or shown: a client that invokes a configured item
/// again and again holds as much as if it had asked for each itself, and
/// past its bound (or the daemon's) nothing more shows. Refusals are logged
/// once per burst (``RaisedTally``). On the engine thread, like the book.
@EngineActor
final class RaisedBook {
  private var tally = RaisedTally()
  /// The payer of the invoke running now (``paying(_:_:)``).
  private var invoking: ActionPayer?
  private let book: HoldingBook
  /// What the configuration's own actions are counted as.
  let configuration: ActionPayer

  /// Counts in `book`; the configuration pays as `configurationUID`
  /// (keymenud's own uid).
  init(book: HoldingBook, configurationUID: UInt32) {
    self.book = book
    configuration = ActionPayer(uid: configurationUID, name: "the configuration")
  }

  /// The payer of the invoke running now: whoever ``paying(_:_:)`` named,
  /// else the configuration (a plugin's invoke, such as a person's choice).
  var payer: ActionPayer { invoking ?? configuration }

  /// Runs `body` (an invoke) with `payer` as the payer of the actions it
  /// sets off; the one before is back afterwards.
  func paying<T, E: Error>(_ payer: ActionPayer, _ body: () throws(E) -> T) throws(E) -> T {
    let outer = invoking
    invoking = payer
    defer { invoking = outer }
    return try body()
  }

  /// Counts one thing the action `key` shows, with `bytes` of text, against
  /// `payer`; nil when that would pass a bound (the first refusal of a
  /// burst is logged on `logger`, the rest counted).
  func hold(_ key: String, for payer: ActionPayer, bytes: Int, logger: Logger) -> ActionHolding? {
    let number = tally.takeNumber()
    let holding = HoldingKey.raised(number: number)
    do throws(RPCError) {
      try book.reserve(holding, .init(uid: payer.uid, kind: .waiting, bytes: bytes))
    } catch {
      if tally.refused(payer.uid) {
        logger.warning(
          "not carrying out \(key) for \(payer.name): \(error.message); further refusals of uid \(payer.uid) are counted until it is back under its bounds"
        )
      }
      return nil
    }
    // A burst of this uid ended when something else was given back.
    endBursts(logger: logger)
    return ActionHolding { [self] in
      book.release(holding)
      endBursts(logger: logger)
    }
  }

  /// Logs the end of each burst whose uid may hold one more now.
  private func endBursts(logger: Logger) {
    let ended = tally.endBursts { uid in
      (try? book.ledger.check(.raised(number: -1), .init(uid: uid, kind: .waiting, bytes: 0))) != nil
    }
    for burst in ended {
      logger.notice(
        "uid \(burst.uid) is back under its bounds; \(burst.refused) configured actions it set off were refused meanwhile"
      )
    }
  }
}
