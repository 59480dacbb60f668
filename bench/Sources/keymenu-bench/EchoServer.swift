import Foundation
import Synchronization

/// The floor of the round-trip benchmark: a thread that accepts one
/// connection on a Unix stream socket and answers every line with the same
/// fixed line, with blocking `read()` and `write()` and nothing else: what a
/// round trip costs before any server does any work.
struct EchoServer {
  /// Where the server listens.
  let path: String
  /// The serving thread's kernel id once it runs (0 before), for its CPU time.
  let thread = ThreadID()

  /// A thread's kernel id, published by the thread itself.
  final class ThreadID: Sendable {
    let value = Atomic<Int32>(0)
  }

  /// Listens on `path` and answers each line with `answer` (which ends with a
  /// newline) until the client closes.
  init(path: String, answer: [UInt8]) {
    self.path = path
    let listener = UnixSocket.listen(path)
    let id = thread
    let thread = Thread {
      id.value.store(ThreadSnapshot.currentThreadID(), ordering: .releasing)
      let connection = LineConnection(fd: UnixSocket.accept(listener))
      close(listener)
      while connection.readLine({ _ in () }) != nil {
        connection.send(answer)
      }
    }
    thread.name = "echo-floor"
    thread.start()
  }

  /// A JSON-RPC-shaped answer line of exactly `length` bytes, newline included.
  static func answer(length: Int) -> [UInt8] {
    let head = Array(#"{"id":1,"jsonrpc":"2.0","result":""#.utf8)
    let tail = Array("\"}\n".utf8)
    let padding = max(length - head.count - tail.count, 0)
    return head + [UInt8](repeating: UInt8(ascii: "x"), count: padding) + tail
  }
}
