import FoundationEssentials
import KeyMenuProtocol

/// Foundation's `JSONDecoder`, which JSONParser replaced and promises to
/// agree with (Tests/KeyMenuProtocolTests/FoundationJSON.swift does the same
/// for the unit tests).
enum FoundationReference {
  /// `JSONDecoder`'s value; `nil` where it threw.
  static func decode(_ bytes: [UInt8]) -> JSONValue? {
    try? JSONDecoder().decode(JSONValue.self, from: Data(bytes))
  }

  /// Whether the line is one where JSONParser deliberately differs from
  /// `JSONDecoder` (see its doc comment): zero bytes at the start, from which
  /// `JSONDecoder` guesses UTF-16 or UTF-32, and `0e` or `0E`, where its
  /// scanner refuses valid exponents after a lone zero (`0e1`, `[0e0]`).
  static func isKnownDifference(_ bytes: [UInt8]) -> Bool {
    if bytes.prefix(4).contains(0) { return true }
    return zip(bytes, bytes.dropFirst()).contains {
      $0 == UInt8(ascii: "0") && $1 | 0x20 == UInt8(ascii: "e")
    }
  }
}
