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

  /// Connects and sends the subscription request.
  init(path: String) throws(SocketError) {
    client = try LineSocketClient(path: path)
    try client.write(line: ModalFollower.subscribeRequest)
    // Non-blocking after the (short) request is written: reads then stop at EAGAIN.
    let flags = fcntl(client.fileDescriptor, F_GETFL)
    _ = fcntl(client.fileDescriptor, F_SETFL, flags | O_NONBLOCK)
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
