import Glibc
import KeyMenuClient
import KeyMenuSocket

/// A connection to keymenud that follows the modal state without ever
/// blocking the main loop: ``LineSocketClient`` on a non-blocking socket,
/// read when the loop says the descriptor is readable.
final class OverlayConnection {
  private let client: LineSocketClient
  /// The socket, for the main loop's watch.
  var fileDescriptor: Int32 { client.fileDescriptor }

  /// Connects and sends the subscription request, then `lines`.
  init(path: String, then lines: [[UInt8]] = []) throws(SocketError) {
    client = try LineSocketClient(path: path)
    try client.write(line: ModalFollower.subscribeRequest)
    for line in lines { try client.write(line: line) }
    // Non-blocking after the (short) request is written: reads then stop at EAGAIN.
    let flags = fcntl(client.fileDescriptor, F_GETFL)
    _ = fcntl(client.fileDescriptor, F_SETFL, flags | O_NONBLOCK)
  }

  /// Sends a request line; false when it could not be written now (the
  /// socket's buffer is full or the connection is gone): a tap is dropped
  /// rather than the main loop blocked.
  func send(_ line: [UInt8]) -> Bool {
    do {
      try client.write(line: line)
      return true
    } catch {
      return false
    }
  }

  /// The whole lines readable now, and whether the daemon closed the
  /// connection (or it failed) after them.
  func readAvailable() -> (lines: [[UInt8]], closed: Bool) {
    var lines: [[UInt8]] = []
    while true {
      do {
        guard let line = try client.readLine() else { return (lines, true) }
        lines.append(line)
      } catch {
        return (lines, error.errno != EAGAIN && error.errno != EWOULDBLOCK)
      }
    }
  }
}
