import KeyMenuCompat
import Testing

/// `KEYMENU_ANSWER_KEYS`: NAME=STATUS pairs, statuses 10 to 125.
@Suite struct CompatAnswerKeysTests {
  @Test func pairsAreReadInOrder() throws {
    let keys = try CompatAnswerKeys(parsing: "red=10,KEY_F1=125")
    #expect(keys.names == ["red", "KEY_F1"])
    #expect(keys.status(of: "KEY_F1") == 125)
    #expect(keys.status(of: "blue") == nil)
  }

  @Test func unsetOrEmptyIsNone() throws {
    #expect(try CompatAnswerKeys(parsing: nil).names == nil)
    #expect(try CompatAnswerKeys(parsing: "").names == nil)
  }

  @Test(arguments: ["red", "red=9", "red=126", "=10", "red=10,", "red=ten"])
  func aBadPairIsRefusedByName(_ text: String) {
    #expect(throws: CompatAnswerKeysError.self) { try CompatAnswerKeys(parsing: text) }
  }
}
