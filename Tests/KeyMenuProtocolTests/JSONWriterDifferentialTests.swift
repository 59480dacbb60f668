import KeyMenuProtocol
import Testing

/// JSONWriter against Foundation's JSONEncoder, and both parsers on what it
/// writes, over thousands of seeded random values: the bytes must be the
/// same, and reading them back must give the value written.
@Suite struct JSONWriterDifferentialTests {
  @Test func randomValuesAreWrittenAsJSONEncoderWritesThem() {
    var random = RandomJSON(seed: 0x6B65_796D_656E_7531)
    var failures = 0
    for round in 0..<4000 where failures < 5 {
      let value = random.value(depth: round % 7)
      let ours = value.jsonBytes
      let theirs = FoundationJSON.encode(value)
      #expect(ours != nil, "round \(round)")
      guard let ours, ours == theirs else {
        failures += 1
        Issue.record("round \(round): \(value)\nours:   \(text(ours))\ntheirs: \(text(theirs))")
        continue
      }
      #expect(JSONValue.parse(ours) == value, "round \(round): \(text(ours))")
      #expect(FoundationJSON.decode(ours) == value, "round \(round): \(text(ours))")
    }
  }

  @Test func numbersOfEveryShapeAreWrittenAsJSONEncoderWritesThem() {
    var random = RandomJSON(seed: 0x6E75_6D62_6572_7331)
    var numbers = RandomJSON.edgeNumbers
    for _ in 0..<20000 { numbers.append(random.number()) }
    for number in numbers {
      let value = JSONValue.array([.number(number)])
      let ours = value.jsonBytes
      #expect(ours == FoundationJSON.encode(value), "\(number): \(text(ours))")
      #expect(ours.flatMap(JSONValue.parse) == value, "\(number): \(text(ours))")
    }
  }

  @Test func everyScalarClassInStringsAndKeysIsEscapedAsJSONEncoderDoes() {
    var scalars = (0..<0x800).compactMap(Unicode.Scalar.init)
    scalars += (0x2000..<0x2070).compactMap(Unicode.Scalar.init)
    scalars += [0xFFFD, 0xFEFF, 0xFFFF, 0x10000, 0x1F600, 0x10FFFF].compactMap(Unicode.Scalar.init)
    for scalar in scalars {
      let text = "<\(scalar)>"
      let value = JSONValue.object([text: .string(text)])
      let ours = value.jsonBytes
      #expect(ours == FoundationJSON.encode(value), "U+\(String(scalar.value, radix: 16))")
      #expect(ours.flatMap(JSONValue.parse) == value, "U+\(String(scalar.value, radix: 16))")
    }
  }

  @Test func terminalControlsAreEscapedBeyondWhatJSONEncoderEscapes() {
    let value = JSONValue.string("a\u{7F}b\u{9B}c\u{202E}d\u{2066}e\u{2028}f…")
    #expect(value.jsonText == #""a\u007fb\u009bc\u202ed\u2066e\u2028f…""#)
    #expect(value.jsonBytes.flatMap(JSONValue.parse) == value)
  }

  @Test func messagesAndRequestsAreTheLinesTheyWere() {
    var random = RandomJSON(seed: 0x6C69_6E65_7331)
    for round in 0..<1500 {
      let id: RPCID =
        random.chance(50)
        ? .number(random.pick([0, 1, -1, 1 << 53, Int.max, Int.min, random.int(Int.min...Int.max)]))
        : .string(random.string())
      let value = random.value(depth: 4)
      let data: JSONValue? = random.chance(50) ? value : nil
      let error = RPCError(code: random.int(-32768...32767), message: random.string(), data: data)
      let messages: [RPCOutgoing] = [
        .result(id: id, value), .error(id: random.chance(50) ? id : nil, error),
        .notification(method: random.string(), params: value),
      ]
      for message in messages {
        #expect(message.line() == FoundationJSON.line(message), "round \(round): \(message)")
      }
      let request = RPCRequest(
        id: random.chance(70) ? id : nil, method: random.string(), params: random.chance(70) ? value : nil)
      #expect(request.line() == FoundationJSON.line(request), "round \(round): \(request)")
    }
  }

  @Test func valuesJSONEncoderRefusesAreRefusedAlike() {
    var random = RandomJSON(seed: 0x6465_6570_3531_31)
    for depth in 505...516 {
      let value = random.nested(depth)
      #expect((value.jsonBytes == nil) == (depth >= 512), "depth \(depth)")
      #expect(value.jsonBytes == FoundationJSON.encode(value), "depth \(depth)")
      let deep: [RPCOutgoing] = [
        .result(id: .number(1), value), .notification(method: "m", params: value),
        .error(id: nil, RPCError(code: 1, message: "m", data: value)),
      ]
      for message in deep {
        #expect(message.line() == FoundationJSON.line(message), "depth \(depth): \(message)")
      }
      let request = RPCRequest(id: .number(1), method: "m", params: value)
      #expect(request.line() == FoundationJSON.line(request), "depth \(depth)")
    }
    for number in [Double.nan, .infinity, -.infinity, .signalingNaN] {
      let value = JSONValue.object(["a": .array([1, .number(number)])])
      #expect(value.jsonBytes == nil)
      #expect(FoundationJSON.encode(value) == nil)
      #expect(value.jsonText == "null")
      let message = RPCOutgoing.result(id: .number(1), value)
      #expect(message.line() == Array(#"{"jsonrpc":"2.0"}"#.utf8) + [10])
      #expect(message.line() == FoundationJSON.line(message))
      #expect(RPCRequest(id: nil, method: "m", params: value).line() == [])
    }
  }

  private func text(_ bytes: [UInt8]?) -> String {
    bytes.map { String(decoding: $0, as: UTF8.self) } ?? "nil"
  }
}
