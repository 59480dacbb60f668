import KeyMenuProtocol
import Testing

/// JSONParser and RPCRequest.parse against Foundation's JSONDecoder and the
/// old RPCRequest.parse on seeded random lines, valid and broken: both must
/// accept the same lines with the same values, and refuse the same lines
/// with the same error, except a line with a repeated key, which only the
/// parser refuses (JSONParser's doc comment).
@Suite struct JSONParserDifferentialTests {
  /// Bytes a mutation inserts or puts in place of others: JSON's own
  /// punctuation, broken escapes and numbers, whitespace JSON has and has
  /// not, a byte order mark, bytes that are not UTF-8, zero bytes.
  static let insertions: [[UInt8]] =
    [
      ",", "]", "}", "[", "{", ":", "\"", "\\", "\\u", "\\ud800", "\\udc00", "\\ud83d\\ude00", "\\u00e9",
      "\\x",
      "0", "-", ".", "e", "E+", "01", "-0", "1e400", "1e-400", "1.", ".5", "+1", " ", "\t", "\n", "\r",
      "\u{0C}",
      "true", "nul", "NaN", "Infinity", "\u{FEFF}", "é", "😀", ",]", ",}", "[1,]", "{\"a\":1,}", "//", "/*",
    ].map { Array($0.utf8) } + [
      [0xFF], [0xC3], [0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x00], [0x1F],
    ]

  static func mutate(_ bytes: inout [UInt8], _ random: inout RandomJSON) {
    for _ in 0..<random.int(1...3) {
      let at = random.int(0...bytes.count)
      switch random.int(0...5) {
      case 0, 1: bytes.insert(contentsOf: random.pick(Self.insertions), at: at)
      case 2: if at < bytes.count { bytes.remove(at: at) }
      case 3: if at < bytes.count { bytes.replaceSubrange(at...at, with: random.pick(Self.insertions)) }
      case 4: bytes.removeSubrange(at...)
      default:
        let end = min(bytes.count, at + random.int(1...8))
        bytes.insert(contentsOf: bytes[at..<end], at: at)
      }
    }
  }

  @Test func brokenDocumentsAreAcceptedAndRefusedAsJSONDecoderDid() {
    var random = RandomJSON(seed: 0x7061_7273_6572_31)
    var compared = 0
    var accepted = 0
    for round in 0..<6000 {
      var bytes = random.value(depth: round % 5).jsonBytes ?? []
      Self.mutate(&bytes, &random)
      if FoundationJSON.guessesAnotherEncoding(bytes) { continue }
      if let key = FoundationJSON.repeatedKey(bytes) {
        #expect(FoundationJSON.visiblyRepeats(key, in: bytes), "round \(round): \(key) is not repeated")
        continue
      }
      compared += 1
      let ours = JSONValue.parse(bytes)
      if ours != nil { accepted += 1 }
      #expect(ours == FoundationJSON.decode(bytes), "round \(round): \(Array(bytes))")
    }
    // Both outcomes must have been exercised for the comparison to mean much.
    #expect(compared > 5000)
    #expect(accepted > 500 && accepted < compared - 2000, "\(accepted) of \(compared) accepted")
  }

  @Test func requestLinesGetTheErrorsTheyGot() {
    var random = RandomJSON(seed: 0x7270_6331)
    var outcomes: [Int: Int] = [:]
    for round in 0..<5000 {
      var members: [String: JSONValue] = [:]
      if random.chance(90) { members["jsonrpc"] = random.chance(90) ? "2.0" : random.value(depth: 0) }
      if random.chance(80) {
        members["method"] = random.chance(80) ? .string(random.string()) : random.value(depth: 1)
      }
      if random.chance(70) {
        members["id"] = random.pick([
          .number(Double(random.int(-5...1000))), .string(random.string()), .null, .number(1.5),
          .number(1e15),
          .number(-1e15 + 1), .number(-0.0), .number(random.number()), random.value(depth: 1),
        ])
      }
      if random.chance(60) { members["params"] = random.value(depth: 3) }
      var line = JSONValue.object(members).jsonBytes ?? []
      if random.chance(40) { Self.mutate(&line, &random) }
      if FoundationJSON.guessesAnotherEncoding(line) { continue }
      if let key = FoundationJSON.repeatedKey(line) {
        #expect(FoundationJSON.visiblyRepeats(key, in: line), "round \(round): \(key) is not repeated")
        continue
      }
      let ours = FoundationJSON.outcome(ofParsing: line)
      let theirs = FoundationJSON.parse(line)
      #expect(ours == theirs, "round \(round): \(String(decoding: line, as: UTF8.self))")
      let code = (try? ours.get()).map { _ in 0 } ?? (ours.failure?.error.code ?? 1)
      outcomes[code, default: 0] += 1
    }
    // Every outcome: accepted, not UTF-8 or not JSON, not a request.
    #expect(outcomes[0, default: 0] > 500 && outcomes[-32700, default: 0] > 500, "\(outcomes)")
    #expect(outcomes[-32600, default: 0] > 500, "\(outcomes)")
  }
}

extension Result {
  var failure: Failure? {
    if case .failure(let failure) = self { return failure }
    return nil
  }
}
