public import KeyMenuClient

extension DaemonConnection {
  /// How long a compat command waits for keymenud to answer `hello`
  /// before the real program asks instead: a daemon that accepts
  /// connections but does not run (stopped, stuck) must not leave a
  /// script's question unasked.
  public static let compatAnswerBound = Duration.seconds(2)

  /// Whether keymenud answers `hello` within `bound`: connecting succeeds
  /// even when the daemon is stopped (the kernel queues the connection),
  /// so this is the first sign that it runs. False when it does not
  /// answer in time, closes the connection or answers with an error.
  public func answers(within bound: Duration = compatAnswerBound) -> Bool {
    guard let id = try? send("hello"), waitForMessage(within: bound) else { return false }
    // Readable: a whole line, or the end; a part of a line is read on by
    // `response(to:)` (keymenud writes whole lines).
    guard case .success = try? response(to: id) else { return false }
    return true
  }
}
