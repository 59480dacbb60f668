import KeyMenuProtocol
import Testing

@testable import KeyMenuDaemon

/// Every text a request carries that a person may be shown or a log may
/// hold is refused when it holds a character ShownText forbids
/// (docs/PROTOCOL.md, "Control characters").
@Suite struct RequestChecksTests {
  /// The params of `line` decoded and checked as `T`; the error, or nil.
  static func refusal<T: CheckedParams>(_ params: String, as type: T.Type) throws -> RPCError? {
    let request = try RPCRequest.parse(
      Array((#"{"jsonrpc":"2.0","id":1,"method":"m","params":"# + params + "}").utf8))
    do {
      _ = try request.checkedParams(as: type)
      return nil
    } catch {
      return error
    }
  }

  static let rule = "is not allowed (control and bidi-override characters are refused)"

  /// (params, member, character) for each method's shown texts.
  static let forbidden: [(String, any CheckedParams.Type, String, String)] = [
    (#"{"title":"\u001b]0;pwned\u0007"}"#, AlertShowParams.self, "title", "U+001B"),
    (#"{"title":"t","message":"a\u202Eb"}"#, AlertShowParams.self, "message", "U+202E"),
    (#"{"title":"t","message":"line\ttab"}"#, AlertShowParams.self, "message", "U+0009"),
    (#"{"title":"t","message":"one\r\ntwo"}"#, AlertShowParams.self, "message", "U+000D"),
    (#"{"title":"t","buttons":["OK","\u001b[2J"]}"#, AlertShowParams.self, "buttons.[1]", "U+001B"),
    (#"{"title":"a\nb"}"#, AlertShowParams.self, "title", "U+000A"),
    (
      #"{"title":"t","items":[{"title":"a"},{"title":"\u009b31m"}]}"#, MenuOpenParams.self, "items.[1].title",
      "U+009B"
    ),
    (#"{"title":"\u007f","items":[{"title":"a"}]}"#, MenuOpenParams.self, "title", "U+007F"),
    (
      #"{"title":"t","items":[{"title":"sub","items":[{"title":"x\u2066"}]}]}"#, MenuOpenParams.self,
      "items.[0].items.[0].title", "U+2066"
    ),
    (
      #"{"title":"t","items":[{"title":"a","key":"ctrl+\u0000"}]}"#, MenuOpenParams.self, "items.[0].key",
      "U+0000"
    ),
    (#"{"name":"n\u2028","title":"t","items":[{"title":"a"}]}"#, MenuDefineParams.self, "name", "U+2028"),
    (#"{"name":"n","title":"\u2029","items":[{"title":"a"}]}"#, MenuDefineParams.self, "title", "U+2029"),
    (
      #"{"name":"n","title":"t","items":[{"title":"\u0085"}]}"#, MenuDefineParams.self, "items.[0].title",
      "U+0085"
    ),
    (#"{"name":"\u001b"}"#, MenuNameParams.self, "name", "U+001B"),
    (
      #"{"title":"t","items":[{"title":"a","value":"v\u001b"}]}"#, MenuOpenParams.self, "items.[0].value",
      "U+001B"
    ),
    (
      #"{"title":"t","items":[{"title":"a"}],"highlight":"a\u0007"}"#, MenuOpenParams.self, "highlight",
      "U+0007"
    ),
    (
      #"{"request":1,"items":[{"title":"a","value":"\u2067"}]}"#, MenuAppendParams.self, "items.[0].value",
      "U+2067"
    ),
    (#"{"name":"\u001b"}"#, MenuShowParams.self, "name", "U+001B"),
    (#"{"name":"n","highlight":"h\u202E"}"#, MenuShowParams.self, "highlight", "U+202E"),
    (#"{"selector":"menu.x\u0008"}"#, SelectorParams.self, "selector", "U+0008"),
    (#"{"selector":"s","mode":"after\u001b"}"#, WrapParams.self, "mode", "U+001B"),
    (#"{"topics":["alert","menu\u0007"]}"#, SubscribeParams.self, "topics.[1]", "U+0007"),
    (#"{"id":"alert-1\u001b"}"#, DismissParams.self, "id", "U+001B"),
    (#"{"request":"r\u202D"}"#, DismissParams.self, "request", "U+202D"),
  ]

  @Test(arguments: 0..<forbidden.count)
  func aForbiddenCharacterIsRefusedNamingTheMemberAndTheCharacter(index: Int) throws {
    let (params, type, member, character) = Self.forbidden[index]
    let error = try #require(try Self.refusal(params, as: type), "\(params) was accepted")
    #expect(error.code == -32602)
    #expect(error.message == "invalid params: \(member): \(character) \(Self.rule)")
    #expect(error.data == .object(["field": .string(member)]))
  }

  /// What is allowed: a newline in a message, and any other text.
  @Test(
    arguments: [
      (
        #"{"title":"Shut down?","message":"line one\nline two\n","buttons":["Back","OK ✓"]}"#,
        AlertShowParams.self
      ),
      (
        #"{"title":"عربي ‎mark","items":[{"title":"日本語","key":"ctrl+q"},{"separator":true}]}"#,
        MenuOpenParams.self
      ),
      (
        #"{"name":"tools","title":"Tools","items":[{"title":"a","items":[{"title":"b"}]}]}"#,
        MenuDefineParams.self
      ),
      (#"{"topics":["alert","menu"]}"#, SubscribeParams.self), (#"{"request":7}"#, DismissParams.self),
      (#"{"wrapper":3}"#, WrapperParams.self),
    ] as [(String, any CheckedParams.Type)])
  func ordinaryTextIsAccepted(params: String, type: any CheckedParams.Type) throws {
    #expect(try Self.refusal(params, as: type) == nil)
  }

  @Test func lengthsAreCheckedWithTheCharacters() throws {
    let long = String(repeating: "m", count: ProtocolLimits.maximumMessageBytes + 1)
    #expect(
      try Self.refusal(#"{"title":"t","message":""# + long + #""}"#, as: AlertShowParams.self)?.message
        == "invalid params: message: longer than 16384 bytes")
    let title = String(repeating: "t", count: ProtocolLimits.maximumTitleBytes + 1)
    #expect(
      try Self.refusal(#"{"title":"t","buttons":["a",""# + title + #""]}"#, as: AlertShowParams.self)?.message
        == "invalid params: buttons.[1]: longer than 1024 bytes")
  }

  @Test func heldBytesCountEveryText() throws {
    let alert = try RPCRequest(
      id: nil, method: "alert.show",
      params: ["title": "abc", "message": "de", "buttons": ["f", "gh"]]
    ).checkedParams(as: AlertShowParams.self)
    // Issue 28, finding 2: what it costs in memory, not its 8 bytes of text.
    #expect(alert.heldBytes == 2 * HoldingCost.item + 8 * HoldingCost.textCopies)
    let menu = try RPCRequest(
      id: nil, method: "menu.define",
      params: [
        "name": "n", "title": "tt",
        "items": [["title": "a", "key": "q", "value": "vvv"], ["title": "s", "items": [["title": "é"]]]],
      ]
    ).checkedParams(as: MenuDefineParams.self)
    #expect(menu.heldBytes == 3 * HoldingCost.item + (1 + 2 + 1 + 1 + 3 + 1 + 2) * HoldingCost.textCopies)
  }
}
