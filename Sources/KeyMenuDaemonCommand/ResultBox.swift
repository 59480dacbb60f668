import Synchronization

/// The outcome of the daemon's async run, handed back to `main`.
final class ResultBox: Sendable {
  private let stored = Mutex<Result<Void, any Error>>(.success(()))
  func set(_ result: Result<Void, any Error>) { stored.withLock { $0 = result } }
  var value: Result<Void, any Error> { stored.withLock { $0 } }
}
