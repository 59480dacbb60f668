import FuzzSupport

/// One step of a dispatcher fuzz input.
///
/// The input is split at newlines. A line is sent, with its newline, by the
/// current client, except a line whose first byte is 0xFF (never valid
/// UTF-8, so no client line is lost that the parser would accept): that is
/// a harness command, its second byte the command and the third its argument.
/// A last line without a newline is sent as it is, and read when the client
/// hangs up (as `printf '%s' ... | socat` sends it).
enum DispatchStep: Equatable {
  /// A line as the current client sends it (newline not included), and
  /// whether a newline follows it.
  case line([UInt8], terminated: Bool)
  /// Makes client `slot` (``DispatchHarness/Slot``) the current one,
  /// connecting it if it is not connected.
  case use(slot: Int)
  /// Presses and releases a key (``DispatchHarness/keys``) on a keyboard.
  case press(key: Int)
  /// Presses a modifier if it is up, releases it if it is down.
  case toggleModifier(Int)
  /// Moves the engine clock forward (alert timeouts), in 100 ms steps.
  case advance(tenthsOfASecond: Int)
  /// The current client hangs up.
  case disconnect

  /// The steps of an input, in order.
  static func parse(_ input: [UInt8]) -> [DispatchStep] {
    var steps: [DispatchStep] = []
    let lines = input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() {
      let terminated = index < lines.count - 1
      guard line.first == 0xFF else {
        // After a final newline the split leaves an empty last line: nothing the client sends.
        if terminated || !line.isEmpty { steps.append(.line(Array(line), terminated: terminated)) }
        continue
      }
      var reader = ByteReader(Array(line.dropFirst()))
      let command = reader.byte()
      let argument = Int(reader.byte())
      switch command % 5 {
      case 0: steps.append(.use(slot: argument % DispatchHarness.Slot.allCases.count))
      case 1: steps.append(.press(key: argument))
      case 2: steps.append(.toggleModifier(argument))
      case 3: steps.append(.advance(tenthsOfASecond: argument))
      default: steps.append(.disconnect)
      }
    }
    return steps
  }
}
