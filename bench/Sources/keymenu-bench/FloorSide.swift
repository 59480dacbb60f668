/// The floor's side of the key-to-answer benchmark: one connection to
/// bench/floor/key-line.c, which answers a line `show` with `shown` and an
/// Enter press with `answer`.
final class FloorSide: KeyAnswerSide {
  private let connection: LineConnection
  private static let show = Array("show\n".utf8)
  private static let shown = Array("shown".utf8)
  private static let answer = Array("answer".utf8)

  init(socket: String) {
    connection = LineConnection(connectingTo: socket)
    connection.setReadTimeout(seconds: 10)
  }

  func arm() {
    connection.send(Self.show)
    guard let shown = connection.readLine({ $0.elementsEqual(Self.shown) }) else {
      fail("the floor closed its connection")
    }
    guard shown else { fail("the floor did not answer show with shown") }
  }

  func readAnswer() -> [UInt8] {
    guard let line = connection.readLine({ Array($0) }) else { fail("the floor closed its connection") }
    return line
  }

  func check(_ answer: [UInt8]) {
    guard answer == Self.answer else { fail("the floor answered a key with something other than answer") }
  }
}
