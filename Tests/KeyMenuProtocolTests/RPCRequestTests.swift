import FoundationEssentials
import KeyMenuProtocol
import Testing

@Suite struct RPCRequestTests {
  func parse(_ text: String) throws(RPCRequestFailure) -> RPCRequest {
    try RPCRequest.parse(Array(text.utf8))
  }

  func failure(_ bytes: [UInt8]) -> RPCRequestFailure? {
    do {
      _ = try RPCRequest.parse(bytes)
      return nil
    } catch {
      return error
    }
  }

  @Test func aValidRequestKeepsItsIdMethodAndParams() throws {
    let request = try parse(#"{"jsonrpc":"2.0","id":7,"method":"alert.show","params":{"title":"Hi"}}"#)
    #expect(request.id == .number(7))
    #expect(request.method == "alert.show")
    #expect(request.params == .object(["title": .string("Hi")]))
    #expect(try parse(#"{"jsonrpc":"2.0","id":"a1","method":"hello"}"#).id == .string("a1"))
    #expect(try parse(#"{"jsonrpc":"2.0","method":"events.subscribe","params":["menu"]}"#).id == nil)
    // The members are the same however their keys are spelled, and whatever else the object holds.
    let escaped = try parse(#"{"\u006aso\u006erpc":"2.0","\u0069d":8,"x":[],"method":"hello","ids":1,"i":2}"#)
    #expect(escaped == RPCRequest(id: .number(8), method: "hello"))
  }

  @Test(arguments: [
    (#"{"jsonrpc":"2.0","id":1,"method":"#, -32700, nil as RPCID?),
    ("[1,2]", -32600, nil),
    (#"{"id":3,"method":"hello"}"#, -32600, .number(3)),
    (#"{"jsonrpc":"1.0","id":3,"method":"hello"}"#, -32600, .number(3)),
    (#"{"jsonrpc":"2.0","id":4}"#, -32600, .number(4)),
    (#"{"jsonrpc":"2.0","id":5,"method":""}"#, -32600, .number(5)),
    (#"{"jsonrpc":"2.0","id":6,"method":"hello","params":"x"}"#, -32600, .number(6)),
    (#"{"jsonrpc":"2.0","id":{"x":1},"method":"hello"}"#, -32600, nil),
    ("", -32700, nil),
  ])
  func badLinesGetTheDocumentedCodeAndKeepTheIdWhenReadable(text: String, code: Int, id: RPCID?) {
    let result = failure(Array(text.utf8))
    #expect(result?.error.code == code, "\(text)")
    #expect(result?.id == id, "\(text)")
  }

  /// One reading of a request: a repeated member anywhere in the line is
  /// `-32600` naming it, as docs/PROTOCOL.md's Messages section says.
  @Test(
    arguments: [
      (#"{"jsonrpc":"2.0","id":1,"method":"hello","method":"config.reload"}"#, "method"),
      (#"{"jsonrpc":"2.0","id":1,"id":2,"method":"hello"}"#, "id"),
      (#"{"jsonrpc":"2.0","id":1,"method":"hello","\u006dethod":"config.reload"}"#, "method"),
      (#"{"jsonrpc":"2.0","\u0069d":1,"id":2,"method":"hello"}"#, "id"),
      (#"{"jsonrpc":"2.0","id":1,"method":"hello","x":1,"\u0078":2}"#, "x"),
      (#"{"jsonrpc":"2.0","id":1,"method":"alert.show","params":{"title":"a","title":"b"}}"#, "title"),
      (
        #"{"jsonrpc":"2.0","id":1,"method":"menu.open","params":{"title":"t","items":[{"title":"a","key":"x","key":"y"}]}}"#,
        "key"
      ),
    ] as [(String, String)])
  func aRepeatedMemberIsAnInvalidRequest(text: String, member: String) {
    let result = failure(Array(text.utf8))
    #expect(result?.error.code == -32600)
    #expect(result?.error.message == "invalid request: repeated member \"\(member)\"")
  }

  @Test func bytesThatAreNotUTF8AreAParseError() {
    let result = failure([0x7b, 0xff, 0xfe, 0x7d])
    #expect(result?.error.code == -32700)
    #expect(result?.error.message.contains("UTF-8") == true)
  }

  struct AlertParams: Decodable {
    var title: String
    var buttons: [String]?
    var timeoutMs: Int?
    enum CodingKeys: String, CodingKey {
      case title, buttons
      case timeoutMs = "timeout_ms"
    }
  }

  @Test func invalidParamsNameTheField() throws {
    func error(_ params: String) throws -> RPCError? {
      let request = try parse(#"{"jsonrpc":"2.0","id":1,"method":"alert.show","params":"# + params + "}")
      do {
        _ = try request.decodeParams(as: AlertParams.self)
        return nil
      } catch {
        return error
      }
    }
    #expect(try error(#"{"title":"Hi","buttons":["OK"],"timeout_ms":500}"#) == nil)
    let missing = try #require(try error(#"{"buttons":["OK"]}"#))
    #expect(missing.code == -32602)
    #expect(missing.message == "invalid params: title: is required")
    #expect(missing.data == .object(["field": .string("title")]))
    #expect(try error(#"{"title":5}"#)?.message == "invalid params: title: expected a string")
    #expect(
      try error(#"{"title":"x","buttons":["OK",3]}"#)?.message
        == "invalid params: buttons.[1]: expected a string")
    #expect(
      try error(#"{"title":"x","timeout_ms":"soon"}"#)?.message
        == "invalid params: timeout_ms: expected an integer")
  }

  /// Valid JSON that does not fit a member's type is `-32602` naming the
  /// member, never Foundation's "The given data was not valid JSON.".
  @Test(
    arguments: [
      (#"{"title":"x","timeout_ms":1e30}"#, "timeout_ms: expected an integer, found 1e+30", "timeout_ms"),
      (
        #"{"title":"x","timeout_ms":1180591620717411303424}"#,
        "timeout_ms: expected an integer, found 1.1805916207174113e+21", "timeout_ms"
      ),
      (#"{"title":"x","timeout_ms":-1e300}"#, "timeout_ms: expected an integer, found -1e+300", "timeout_ms"),
      (#"{"title":"x","timeout_ms":1.5}"#, "timeout_ms: expected an integer, found 1.5", "timeout_ms"),
      (#"{"title":"x","timeout_ms":true}"#, "timeout_ms: expected an integer", "timeout_ms"),
      (#"{"title":null}"#, "title: expected a string, found null", "title"),
      (#"{"title":["x"]}"#, "title: expected a string", "title"),
      (#"{"title":"x","buttons":{"a":1}}"#, "buttons: expected an array", "buttons"),
      (#"{"title":"x","buttons":["a",null]}"#, "buttons.[1]: expected a string, found null", "buttons.[1]"),
      (#"{"title":"x","buttons":"OK"}"#, "buttons: expected an array", "buttons"),
    ] as [(String, String, String)])
  func membersOfTheWrongTypeOrOutOfRangeAreNamed(params: String, message: String, field: String) throws {
    let request = try parse(#"{"jsonrpc":"2.0","id":1,"method":"alert.show","params":"# + params + "}")
    do {
      _ = try request.decodeParams(as: AlertParams.self)
      Issue.record("\(params) was accepted")
    } catch {
      #expect(error.code == -32602)
      #expect(error.message == "invalid params: " + message)
      #expect(error.data == .object(["field": .string(field)]))
    }
  }

  @Test func paramsThatAreNotAnObjectAreNamedPlainly() throws {
    let request = try parse(#"{"jsonrpc":"2.0","id":1,"method":"alert.show","params":["x"]}"#)
    #expect(throws: RPCError.invalidParams("expected an object")) {
      try request.decodeParams(as: AlertParams.self)
    }
    let valid = try parse(
      #"{"jsonrpc":"2.0","id":1,"method":"alert.show","params":{"title":"x","timeout_ms":-5}}"#)
    #expect(try valid.decodeParams(as: AlertParams.self).timeoutMs == -5)
  }

  @Test func outgoingMessagesAreOneLineOfJSON() throws {
    let result = RPCOutgoing.result(id: .number(1), .object(["button": .number(1)])).line()
    #expect(
      String(decoding: result, as: UTF8.self) == #"{"id":1,"jsonrpc":"2.0","result":{"button":1}}"# + "\n")
    let error = RPCOutgoing.error(id: nil, .parseError("the line is not valid JSON")).line()
    #expect(
      String(decoding: error, as: UTF8.self)
        == #"{"error":{"code":-32700,"message":"parse error: the line is not valid JSON"},"id":null,"jsonrpc":"2.0"}"#
        + "\n")
    let notification = RPCOutgoing.notification(
      method: "menu.closed", params: .object(["id": .string("m/1")])
    ).line()
    #expect(
      String(decoding: notification, as: UTF8.self).hasPrefix(
        #"{"jsonrpc":"2.0","method":"menu.closed","params":{"id":"m/1"}}"#))
    #expect(notification.filter { $0 == UInt8(ascii: "\n") }.count == 1)
  }

  @Test func keymenuErrorCodesAreInTheServerRange() {
    for error in [
      RPCError.forbidden("config.reload", tier: "drive", needs: "admin"), .lineTooLong, .tooManyClients,
      .notFound("menu x"),
    ] {
      #expect((-32099)...(-32000) ~= error.code)
    }
    #expect(
      RPCError.forbidden("config.reload", tier: "drive", needs: "admin").message
        == "config.reload needs the admin tier; this connection is drive")
  }
}
