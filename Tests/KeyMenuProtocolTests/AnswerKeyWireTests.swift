import KeyMenuProtocol
import Testing

/// `answer_keys` on the wire: the params are checked, and a key's answer
/// reads back as it was written.
@Suite struct AnswerKeyWireTests {
  @Test func aKeysAnswerIsItsNameAndTheItemHighlighted() throws {
    let answer = MenuOpenResult.key("red", title: "Film", path: ["Recordings"], value: "film")
    let bytes = try OrderedJSONEncoder().encode(answer)
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == #"{"key":"red","path":["Recordings"],"title":"Film","value":"film"}"#)
    let value = try #require(JSONValue.parse(bytes))
    #expect(try JSONValueDecoder.decode(MenuOpenResult.self, from: value) == answer)
    let empty = try OrderedJSONEncoder().encode(MenuOpenResult.key("blue", title: nil, path: [], value: nil))
    #expect(String(decoding: empty, as: UTF8.self) == #"{"key":"blue","path":[]}"#)
  }

  @Test func answerKeysAreShortKeyNamesAndFew() {
    var params = MenuOpenParams(title: "T", items: [MenuItemParams(title: "A")])
    params.answerKeys = ["red", "KEY_F1", "context"]
    #expect(throws: Never.self) { try params.check() }
    params.answerKeys = ["red", "red key"]
    #expect(throws: RPCError.self) { try params.check() }
    params.answerKeys = Array(repeating: "red", count: 33)
    #expect(throws: RPCError.self) { try params.check() }
  }
}
