import KeyMenuProtocol
import Testing

/// What JSONParser accepts and refuses, case by case, each checked against
/// Foundation's JSONDecoder too (the parser replaces it and must agree).
@Suite struct JSONParserTests {
  static let accepted: [(String, JSONValue)] = [
    ("1", 1), (" 1 ", 1), ("-0", .number(-0.0)), ("1E5", 100_000), ("1e-2", .number(0.01)), ("1.0e+0", 1),
    ("0e0", 0), ("1e01", 10), ("123456789012345678901234567890", .number(1.2345678901234568e29)),
    ("2.4703282292062328e-324", .number(.leastNonzeroMagnitude)),
    ("1.7976931348623158e308", .number(.greatestFiniteMagnitude)),
    ("999999999999999999", .number(1e18)), ("-9223372036854775809", .number(-9.223372036854776e18)),
    (#""\ud83d\ude00""#, "😀"), (#""\uD83D\uDE00""#, "😀"), (#""\uDBFF\uDFFF""#, "\u{10FFFF}"),
    (#""\u00e9""#, "é"),
    (#""\u0000""#, "\u{0}"), (#""\/\"\\\b\f\n\r\t""#, "/\"\\\u{8}\u{C}\n\r\t"), ("\"\u{7F}\"", "\u{7F}"),
    ("\"a\u{2028}b\"", "a\u{2028}b"), ("[1,]", [1]), ("[1 , ]", [1]), (#"{"a":1,}"#, ["a": 1]),
    (#"{"a":[1,],}"#, ["a": [1]]), (#"{"a":1,"b":{"a":2}}"#, ["a": 1, "b": ["a": 2]]),
    (#"{"é":1,"e":2}"#, ["é": 1, "e": 2]), ("[{\"a\":1},{\"a\":2}]", [["a": 1], ["a": 2]]),
    ("\u{FEFF}[1]", [1]), ("\u{FEFF} [1]", [1]), (" \t\n\r[1] \r\n", [1]),
    ("[true,false,null]", [true, false, nil]),
    (#"{ "a" : 1 , "b" : [ ] , "c" : { } }"#, ["a": 1, "b": [], "c": [:]]),
  ]

  static let refused: [String] = [
    "", " ", "01", "-01", "00", "1.", ".5", "-", "--1", "+1", "1e", "1e+", "1.5.5", "0x1", "1e5.5", "-.5",
    "1e400", "-1e400", "1e-400", "1.7976931348623159e308", "1e-324", "NaN", "nan", "Infinity", "-Infinity",
    "[1] x", "[1]x", "1 2", "1,", "[1,2],", "[,]", "[1,,]", "[1,,2]", "{,}", #"{"a":1,,}"#, #"{"a",}"#,
    #"{"a":1,"b"}"#, "[1 2]", #"{"a" 1}"#, "{1:2}", "{'a':1}", "'a'", #"{"a":}"#, "[1]]", #"{"a":1}}"#,
    #"{"a":1]"#, "[1}", "[\"a\"\"b\"]", "tru", "nulll", "True", "/*c*/1", "[1]//", "\u{FEFF}\u{FEFF}[1]",
    "\u{FEFF}", "\u{C}1", "[\u{0}1]", "[1\u{0}]", "[1]\u{0}", "\"\t\"", "\"\u{0}\"", "\"\u{1F}\"", #""\x""#,
    #""\U0041""#, #""\u12""#, #""\u12G4""#, #""a\ud800""#, #""a\udc00""#, #""\ud800\u0041""#, #""\ud800x""#,
    #""\ud800\ud800""#, #""\udc00\ud800""#, #""\ud83d\ud83d\ude00""#, #""\ud800\"""#, #""\ud800\n""#,
    #""\ud800"#, #""\"#, #""\u"#, "\"abc",
  ]

  @Test(arguments: accepted)
  func documentsJSONDecoderAcceptedAreAccepted(text: String, value: JSONValue) {
    let bytes = Array(text.utf8)
    #expect(JSONValue.parse(bytes) == value, "\(text.debugDescription)")
    #expect(FoundationJSON.decode(bytes) == value, "\(text.debugDescription)")
  }

  @Test(arguments: refused)
  func documentsJSONDecoderRefusedAreRefused(text: String) {
    let bytes = Array(text.utf8)
    #expect(JSONValue.parse(bytes) == nil, "\(text.debugDescription)")
    #expect(FoundationJSON.decode(bytes) == nil, "\(text.debugDescription)")
  }

  @Test(
    arguments: [
      [0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x5B, 0xFF, 0x5D],
      [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xC3, 0x5C, 0x6E, 0x22],
    ] as [[UInt8]])
  func bytesThatAreNotUTF8AreRefused(bytes: [UInt8]) {
    #expect(JSONValue.parse(bytes) == nil)
    #expect(FoundationJSON.decode(bytes) == nil)
    #expect((try? RPCRequest.parse(bytes)) == nil)
  }

  /// Found by fuzz-rpc-line: JSONDecoder refuses these valid numbers (a bug of
  /// its scanner); the parser keeps to the RFC, as its doc comment says.
  @Test(
    arguments: [("0e1", 0), ("0E3", 0), ("[0e0]", [0]), (#"{"id":0e2}"#, ["id": 0])] as [(String, JSONValue)])
  func anExponentAfterALoneZeroIsANumber(text: String, value: JSONValue) {
    #expect(JSONValue.parse(Array(text.utf8)) == value, "\(text)")
  }

  /// Found by fuzz-rpc-line: JSONDecoder never reads the value of a repeated
  /// key, so it accepted these; the parser checks every value.
  @Test(
    arguments: [
      Array(#"{"a":1,"a":"\q"}"#.utf8), Array(#"{"a":1,"a":1.2.3}"#.utf8),
      Array(#"{"a":1,"a":"x"#.utf8) + [0, 0x22, 0x7D],
      Array(#"{"a":1,"a":"#.utf8) + [0x22, 0xFF, 0x22, 0x7D],
    ] as [[UInt8]])
  func aRepeatedKeysValueMustBeValidToo(bytes: [UInt8]) {
    #expect(JSONValue.parse(bytes) == nil, "\(String(decoding: bytes, as: UTF8.self))")
  }

  /// A repeated key is refused anywhere in a document, where JSONDecoder
  /// kept the first value and Python's json keeps the last (a documented
  /// difference: one reading of a request for every reader).
  @Test(
    arguments: [
      (#"{"a":1,"a":2}"#, "a"), (#"{"a":1,"b":2,"a":1}"#, "a"), (#"{"x":{"b":1,"b":2}}"#, "b"),
      (#"[1,{"c":[{"d":null,"d":null}]}]"#, "d"), (#"{"a":1,"\u0061":2}"#, "a"),
      (#"{"jsonrpc":"2.0","id":1,"method":"hello","method":"config.reload"}"#, "method"),
      // Canonically equivalent spellings are one Swift string, so one key.
      (#"{"é":1,"e\u0301":2}"#, "é"),
    ] as [(String, String)])
  func aRepeatedKeyIsRefused(text: String, key: String) {
    let bytes = Array(text.utf8)
    #expect(JSONValue.parse(bytes) == nil, "\(text)")
    #expect(FoundationJSON.decode(bytes) != nil, "JSONDecoder accepted \(text)")
    #expect(FoundationJSON.repeatedKey(bytes) == key, "\(text)")
  }

  @Test func arraysAndObjectsNestAtMost512Deep() {
    for (depth, accepted) in [(511, true), (512, true), (513, false), (100_000, false)] {
      let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
      #expect((JSONValue.parse(Array(arrays.utf8)) != nil) == accepted, "\(depth) arrays")
      let objects = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
      #expect((JSONValue.parse(Array(objects.utf8)) != nil) == accepted, "\(depth) objects")
      if depth < 1000 {
        #expect((FoundationJSON.decode(Array(arrays.utf8)) != nil) == accepted, "\(depth) arrays")
      }
    }
    // An unclosed hostile line is refused without running out of stack.
    #expect(JSONValue.parse(Array(repeating: UInt8(ascii: "["), count: 60_000)) == nil)
  }

  /// The one deliberate difference: JSONDecoder reads a text whose first
  /// bytes hold zeros as UTF-16 or UTF-32; the protocol is UTF-8, where a
  /// zero byte outside a string is an error.
  @Test func zeroBytesAreNotReadAsUTF16() throws {
    let utf16 = Array(#"{"jsonrpc":"2.0","id":1,"method":"hello"}"#.utf16).flatMap { [UInt8($0 & 0xFF), 0] }
    #expect(JSONValue.parse(utf16) == nil)
    #expect(JSONValue.parse([0x31, 0x00]) == nil)
    #expect(
      FoundationJSON.outcome(ofParsing: utf16)
        == .failure(FoundationJSON.Refusal(error: .parseError("the line is not valid JSON"))))
  }
}
