/// The UTF-8 bytes of a TOML text, and the line and column of any offset in them.
///
/// Positions are asked for in text order while parsing, so each is found by
/// counting on from the last one: the whole text is counted once, in
/// linear time, however long its lines. An earlier offset (rare: only some
/// errors ask for one) counts again from the start.
struct TOMLSource {
  /// The text, without its byte order mark.
  let bytes: [UInt8]
  /// Where the text starts: 3 after a byte order mark, which is not a column.
  let start: Int
  private var countedTo: Int
  private var line = 1
  private var column = 1

  init(_ text: String) {
    bytes = Array(text.utf8)
    start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    countedTo = start
  }

  /// The byte at `offset`, or nil at the end.
  subscript(offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

  /// The line and column of the byte at `offset` (the end of the text is one past its last column).
  mutating func position(_ offset: Int) -> TOMLPosition {
    if offset < countedTo {
      countedTo = start
      line = 1
      column = 1
    }
    let end = min(offset, bytes.count)
    while countedTo < end {
      let byte = bytes[countedTo]
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1  // a UTF-8 continuation byte does not start a new scalar
      }
      countedTo += 1
    }
    return TOMLPosition(line: line, column: column)
  }

  /// The character at `offset` as an error message shows it: `'x'`, or words
  /// for the end of the line or of the file.
  func shown(_ offset: Int) -> String {
    guard offset < bytes.count else { return "the end of the file" }
    let byte = bytes[offset]
    if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && self[offset + 1] == UInt8(ascii: "\n")) {
      return "the end of the line"
    }
    if byte < 0x20 || byte == 0x7F {
      let hex = String(byte, radix: 16, uppercase: true)
      return "control character U+" + String(repeating: "0", count: 4 - hex.count) + hex
    }
    var end = offset + 1
    while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
    return "'" + String(decoding: bytes[offset..<end], as: UTF8.self) + "'"
  }
}
