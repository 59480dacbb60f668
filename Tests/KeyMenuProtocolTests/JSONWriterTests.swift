import FoundationEssentials
import KeyMenuProtocol
import Testing

/// The exact bytes JSONWriter writes (as JSONEncoder with `.sortedKeys` and
/// `.withoutEscapingSlashes` wrote them), and docs/PROTOCOL.md's examples.
@Suite struct JSONWriterTests {
  @Test(arguments: [
    (1.0, "1"), (-1, "-1"), (0, "0"), (-0.0, "-0"), (1.5, "1.5"), (0.1, "0.1"), (-2.5e-10, "-2.5e-10"),
    (123.456, "123.456"), (1e-4, "0.0001"), (1e-5, "1e-05"), (999_999_999_999_999, "999999999999999"),
    (1e15, "1000000000000000"), (1e16, "1e+16"), (9_007_199_254_740_992, "9007199254740992"),
    (1.2345678901234568e17, "1.2345678901234568e+17"), (1e21, "1e+21"), (.leastNonzeroMagnitude, "5e-324"),
    (.greatestFiniteMagnitude, "1.7976931348623157e+308"), (1.0 / 3, "0.3333333333333333"),
  ])
  func numbersAreWrittenAsJSONEncoderWroteThem(number: Double, text: String) {
    #expect(JSONValue.number(number).jsonText == text)
  }

  @Test func stringsEscapeQuotesBackslashesAndControlCharactersOnly() {
    let value = JSONValue.string("a/b\"c\\d\u{0}\u{1}\u{8}\t\n\u{B}\u{C}\r\u{1F}\u{7F}é\u{2028}😀")
    #expect(value.jsonText == #""a/b\"c\\d\u0000\u0001\b\t\n\u000b\f\r\u001f\u007fé\u2028😀""#)
  }

  @Test func keysAreSortedByTheirUTF8Bytes() {
    let value: JSONValue = [
      "b": 1, "a": 2, "B": 3, "é": 4, "": 5, "aa": 6, "a\u{0}": 7, "😀": 8, "\u{FFFF}": 9,
      "Z": [10, ["y": nil, "x": true]],
    ]
    #expect(
      value.jsonText == #"{"":5,"B":3,"Z":[10,{"x":true,"y":null}],"a":2,"a\u0000":7,"aa":6,"b":1,"#
        + #""é":4,"\#u{FFFF}":9,"😀":8}"#)
  }

  @Test func valuesJSONEncoderRefusedAreRefused() {
    #expect(JSONValue.number(.nan).jsonBytes == nil)
    #expect(JSONValue.array([.number(.infinity)]).jsonText == "null")
    var deep = JSONValue.null
    for _ in 0..<511 { deep = .array([deep]) }
    #expect(deep.jsonBytes?.count == 2 * 511 + 4)
    #expect(JSONValue.array([deep]).jsonBytes == nil)
    #expect(RPCOutgoing.result(id: .number(1), deep).line() == Array(#"{"jsonrpc":"2.0"}"#.utf8) + [10])
    #expect(RPCRequest(id: .number(1), method: "m", params: deep).line() == [])
  }

  @Test func messagesKeepTheirKeyOrder() {
    let lines: [(RPCOutgoing, String)] = [
      (.result(id: .string("a/1"), ["ok": true]), #"{"id":"a/1","jsonrpc":"2.0","result":{"ok":true}}"#),
      (
        .error(id: .number(36), .invalidParams("expected a string", field: "title")),
        #"{"error":{"code":-32602,"data":{"field":"title"},"message":"invalid params: title: expected a string"},"#
          + #""id":36,"jsonrpc":"2.0"}"#
      ),
      (
        .error(id: nil, .lineTooLong),
        #"{"error":{"code":-32002,"message":"line longer than 65536 bytes; closing the connection"},"#
          + #""id":null,"jsonrpc":"2.0"}"#
      ),
      (
        .notification(method: "menu.closed", params: [:]),
        #"{"jsonrpc":"2.0","method":"menu.closed","params":{}}"#
      ),
    ]
    for (message, line) in lines { #expect(String(decoding: message.line(), as: UTF8.self) == line + "\n") }
    let request = RPCRequest(id: .number(-3), method: "menu.open", params: ["name": "power"])
    #expect(
      String(decoding: request.line(), as: UTF8.self)
        == #"{"id":-3,"jsonrpc":"2.0","method":"menu.open","params":{"name":"power"}}"#)
    #expect(RPCRequest(id: nil, method: "hello").line() == Array(#"{"jsonrpc":"2.0","method":"hello"}"#.utf8))
  }

  /// Every daemon line in docs/PROTOCOL.md reads back and is written again
  /// byte for byte; every client line parses as it did with Foundation.
  @Test func theProtocolDocumentsExamplesAreWrittenByteForByte() throws {
    let tests = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    let path = tests.deletingLastPathComponent().appending(path: "docs/PROTOCOL.md")
    let document = try String(decoding: Data(contentsOf: path), as: UTF8.self)
    var answers = 0
    for line in document.split(separator: "\n") {
      let bytes = Array(line.dropFirst(2).utf8)
      if line.hasPrefix("← {") {
        guard let value = JSONValue.parse(bytes) else {
          Issue.record("not JSON: \(line)")
          continue
        }
        #expect(value.jsonBytes == bytes, "\(line)")
        #expect(FoundationJSON.decode(bytes) == value, "\(line)")
        answers += 1
      } else if line.hasPrefix("→ ") {
        // A repeated member: refused now, where the old parse took the first value.
        if let key = FoundationJSON.repeatedKey(bytes) {
          #expect(FoundationJSON.visiblyRepeats(key, in: bytes), "\(line)")
          continue
        }
        #expect(FoundationJSON.outcome(ofParsing: bytes) == FoundationJSON.parse(bytes), "\(line)")
      }
    }
    #expect(answers > 60)
  }
}
