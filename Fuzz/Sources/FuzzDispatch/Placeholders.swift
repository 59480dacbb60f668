/// Names the fuzzer cannot know, put into client lines: selectors get a
/// random part (`menu.reboot.7c1e09a4`) and alert and menu ids count up over
/// the whole run, so a line says `$s3` or `$f` and the harness writes the
/// name in before sending.
///
/// - `$s` and a digit: the selector with that index (modulo their number)
///   in a stable order: owner (the client sending the line, the other
///   clients by slot, the configuration), kind, title;
/// - `$f`: the id of the alert or menu in front (`none` without one).
struct Placeholders {
  /// Selector names in the stable order.
  var selectors: [String]
  /// The id of the alert or menu in front.
  var front: String?

  static let dollar = UInt8(ascii: "$")

  /// Whether `line` may name something (has a `$`); cheaper than building
  /// the names for every line.
  static func mayApply(to line: [UInt8]) -> Bool { line.contains(dollar) }

  func substitute(_ line: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(line.count)
    var index = 0
    while index < line.count {
      let byte = line[index]
      let next = index + 1 < line.count ? line[index + 1] : 0
      if byte == Self.dollar, next == UInt8(ascii: "f") {
        result += Array((front ?? "none").utf8)
        index += 2
      } else if byte == Self.dollar, next == UInt8(ascii: "s"), index + 2 < line.count,
        let digit = Self.digit(line[index + 2]), !selectors.isEmpty
      {
        result += Array(selectors[digit % selectors.count].utf8)
        index += 3
      } else {
        result.append(byte)
        index += 1
      }
    }
    return result
  }

  private static func digit(_ byte: UInt8) -> Int? {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
  }
}
