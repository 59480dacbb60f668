import KeyMenuProtocol
import Testing

/// The direct writer of typed values: the same bytes as the ``JSONValue``
/// path for values that encode their members in order, a refusal (and the
/// ``JSONValue`` path, in the lines) for the others.
@Suite struct OrderedJSONEncoderTests {
  /// Members written in sorted order, with nesting the stream must close by itself.
  struct Nested: Encodable {
    enum CodingKeys: String, CodingKey { case alpha, beta, gamma, omega }
    enum Inner: String, CodingKey { case x, y }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(1, forKey: .alpha)
      var inner = container.nestedContainer(keyedBy: Inner.self, forKey: .beta)
      try inner.encode("one", forKey: .x)
      var list = inner.nestedUnkeyedContainer(forKey: .y)
      try list.encode(true)
      try list.encodeNil()
      var deep = list.nestedContainer(keyedBy: Inner.self)
      try deep.encode(0.5, forKey: .x)
      // Back to the outermost object: the three open containers close first.
      try container.encodeNil(forKey: .gamma)
      try container.encode([[Int]](), forKey: .omega)
    }
  }

  /// Members out of order: `b` before `a`.
  struct Unsorted: Codable {
    var b = 1
    var a = "x"
  }

  struct Holder: Encodable {
    var list: [Unsorted]
    var free: JSONValue
    var none: Int?
    var empty: Empty
  }

  /// A value that encodes nothing: `{}`, as ``JSONValueEncoder`` makes it.
  struct Empty: Encodable {
    func encode(to encoder: any Encoder) throws {}
  }

  struct Sorted: Encodable {
    var free: JSONValue
    var none: Int?
    var text: String
  }

  @Test func writesNestedContainersAsTheyCome() throws {
    let bytes = try OrderedJSONEncoder().encode(Nested())
    let expected = #"{"alpha":1,"beta":{"x":"one","y":[true,null,{"x":0.5}]},"gamma":null,"omega":[]}"#
    #expect(String(decoding: bytes, as: UTF8.self) == expected)
    #expect(JSONValue(encoding: Nested()).jsonText == expected)
  }

  @Test func sameBytesAsTheJSONValuePath() throws {
    let value = Sorted(free: ["z": 1, "a": [nil, "\u{202E}x\n"]], none: nil, text: "tab\there \u{1B}[2J")
    let bytes = try OrderedJSONEncoder().encode(value)
    #expect(String(decoding: bytes, as: UTF8.self) == JSONValue(encoding: value).jsonText)
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == #"{"free":{"a":[null,"\u202ex\n"],"z":1},"text":"tab\there \u001b[2J"}"#,
      "a JSONValue member is written sorted, untrusted text escaped, a nil optional left out")
    #expect(try OrderedJSONEncoder().encode(Empty()) == Array("{}".utf8))
    #expect(try OrderedJSONEncoder().encode(["a", "b"]) == Array(#"["a","b"]"#.utf8))
    #expect(try OrderedJSONEncoder().encode(Int?.none) == Array("null".utf8))
  }

  @Test func refusesMembersOutOfOrder() {
    #expect(throws: OrderedJSONEncoder.Failure.outOfOrder(key: "a")) {
      try OrderedJSONEncoder().encode(Unsorted())
    }
    #expect(throws: OrderedJSONEncoder.Failure.outOfOrder(key: "a")) {
      try OrderedJSONEncoder().encode(Holder(list: [Unsorted()], free: nil, none: nil, empty: Empty()))
    }
    #expect(throws: OrderedJSONEncoder.Failure.unwritable) {
      try OrderedJSONEncoder().encode([Double.nan])
    }
  }

  /// The lines are the ``JSONValue`` path's bytes whichever way they were written.
  @Test func linesFallBackToTheJSONValuePath() {
    let holder = Holder(
      list: [Unsorted(), Unsorted(b: 2, a: "y")], free: ["k": true], none: 3, empty: Empty())
    #expect(
      RPCOutgoing.resultLine(id: .number(7), encoding: holder)
        == RPCOutgoing.result(id: .number(7), JSONValue(encoding: holder)).line())
    #expect(
      String(decoding: RPCOutgoing.resultLine(id: .string("x"), encoding: holder), as: UTF8.self)
        == #"{"id":"x","jsonrpc":"2.0","result":{"empty":{},"free":{"k":true},"list":[{"a":"x","b":1},{"a":"y","b":2}],"none":3}}"#
        + "\n")
    let notice = KeyNotice(device: 1, code: 30, name: "KEY_A", action: "down", synthetic: false)
    #expect(
      RPCOutgoing.notificationLine(method: KeyNotice.method, encoding: notice)
        == RPCOutgoing.notification(method: KeyNotice.method, params: JSONValue(encoding: notice)).line())
    #expect(
      RPCOutgoing.notificationLine(method: "m", encoding: [Double.infinity])
        == RPCOutgoing.notification(method: "m", params: [.number(.infinity)]).line(),
      "a value no path can write gives the same stand-in line")
  }

  @Test func aTemplateSplicesTheIDAndTheMember() throws {
    var status = WireShapeSamples.status
    let template = ResultTemplate(status, member: DaemonStatusResult.uptimeMember)
    // Numbers up to 15 digits are written digit by digit, larger ones as JSONWriter writes a Double.
    let cases: [(RPCID, Int)] = [
      (.number(1), 0), (.string("a\"b"), 123_456), (.number(-5), 9),
      (.number(-999_999_999_999_999), 999_999_999_999_999), (.number(Int.min), 1_000_000_000_000_000),
    ]
    for (id, uptime) in cases {
      status.uptimeMilliseconds = uptime
      #expect(template.line(id: id, uptime) == RPCOutgoing.result(id: id, JSONValue(encoding: status)).line())
    }
    // A type the stream refuses is written whole, with the member set.
    let unsorted = ResultTemplate(Unsorted(), member: "b")
    #expect(
      String(decoding: unsorted.line(id: .number(2), 42), as: UTF8.self)
        == #"{"id":2,"jsonrpc":"2.0","result":{"a":"x","b":42}}"# + "\n")
  }
}
