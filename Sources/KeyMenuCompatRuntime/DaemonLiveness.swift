import Glibc
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
    guard let id = try? send("hello") else { return false }
    let deadline = ContinuousClock.now + bound
    while !hasBufferedMessage {
      let left = ContinuousClock.now.duration(to: deadline)
      guard left > .zero else { return false }
      var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, Int32(clamping: left.components.seconds * 1000 + 1))
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { return false }
      // Readable: a whole line, or the end of the stream; a part of a
      // line is read on by `response(to:)` (keymenud writes whole lines).
      break
    }
    guard case .success = try? response(to: id) else { return false }
    return true
  }
}
