/// One side of the key-to-answer benchmark (``KeyLatencyBenchmark``): a
/// program that answers an Enter press on the emulated keyboard with a line
/// on a Unix socket, and this process's connection to it.
protocol KeyAnswerSide: AnyObject {
  /// Gets the program ready for the next key and waits until it is (keymenud:
  /// `alert.show`, then its `alert.shown`).
  func arm()
  /// Blocks until the answer line is read; the line without its newline.
  func readAnswer() -> [UInt8]
  /// Exits when `answer` is not the answer to the key just pressed.
  func check(_ answer: [UInt8])
}
