import Glibc

/// keymenud's side of the key-to-answer benchmark: a client waiting in
/// `alert.show` (one button, OK), and an observer subscribed to the `alert`
/// topic, as a presenter is, whose `alert.shown` says that the alert is in
/// front and takes keys. Both are connections to keymenud's socket.
final class AlertSide: KeyAnswerSide {
  private let waiting: LineConnection
  private let observer: LineConnection
  private var nextID = 1
  private var expected: [UInt8] = []
  private static let shown = Array(#"{"jsonrpc":"2.0","method":"alert.shown","#.utf8)
  private static let answeredByKey = Array(#""reason":"key""#.utf8)

  /// Connects both, subscribes the observer, and waits (at most 10 s) until
  /// keymenud has `device` open: before that, a key would go nowhere.
  init(socket: String, device: String) {
    waiting = LineConnection(connectingTo: socket)
    observer = LineConnection(connectingTo: socket)
    waiting.setReadTimeout(seconds: 10)
    observer.setReadTimeout(seconds: 10)
    _ = Self.call(observer, id: 1, #""method":"events.subscribe","params":{"topics":["alert"]}"#)
    let listed = Array(#""path":"\#(device)""#.utf8)
    let deadline = monotonicNanoseconds() + 10_000_000_000
    var id = 2
    while !Self.contains(Self.call(observer, id: id, #""method":"devices.list""#), listed) {
      guard monotonicNanoseconds() < deadline else { fail("keymenud did not open \(device) within 10 s") }
      id += 1
      usleep(10_000)
    }
  }

  func arm() {
    let id = nextID
    nextID += 1
    expected = Array(#"{"id":\#(id),"jsonrpc":"2.0","result":"#.utf8)
    waiting.send(
      Array(
        #"{"jsonrpc":"2.0","id":\#(id),"method":"alert.show","params":{"title":"Latency","buttons":["OK"]}}"#
          .utf8) + [0x0A])
    // Skips the last alert's alert.answered and state.changed.
    while true {
      guard let shown = observer.readLine({ $0.starts(with: Self.shown) }) else {
        fail("keymenud closed the observer's connection")
      }
      if shown { return }
    }
  }

  func readAnswer() -> [UInt8] {
    guard let line = waiting.readLine({ Array($0) }) else { fail("keymenud closed the waiting connection") }
    return line
  }

  func check(_ answer: [UInt8]) {
    guard answer.starts(with: expected), Self.contains(answer, Self.answeredByKey) else {
      fail("alert.show was not answered by the key: \(String(decoding: answer, as: UTF8.self))")
    }
  }

  /// Sends a request with `id` and `members` and returns its answer (the
  /// result), skipping notifications; exits on an error.
  private static func call(_ connection: LineConnection, id: Int, _ members: String) -> [UInt8] {
    let prefix = Array(#"{"id":\#(id),"jsonrpc":"2.0","#.utf8)
    connection.send(Array(#"{"jsonrpc":"2.0","id":\#(id),\#(members)}"#.utf8) + [0x0A])
    while true {
      guard let line = connection.readLine({ Array($0) }) else { fail("keymenud closed the connection") }
      guard line.starts(with: prefix) else { continue }
      guard line.starts(with: prefix + Array(#""result":"#.utf8)) else {
        fail("keymenud refused {\(members)}: \(String(decoding: line, as: UTF8.self))")
      }
      return line
    }
  }

  private static func contains(_ line: [UInt8], _ part: [UInt8]) -> Bool {
    guard line.count >= part.count else { return false }
    return (0...(line.count - part.count)).contains { line[$0..<($0 + part.count)].elementsEqual(part) }
  }
}
