import FuzzSupport
import KeyMenuProtocol

/// What must hold for any line a client sends (docs/PROTOCOL.md, RPCMessage.swift):
///
/// - `RPCRequest.parse` returns a request or throws `-32700` (not UTF-8
///   JSON, no id) or `-32600` (JSON but not a request); it never crashes;
/// - a request has a non-empty method and object, array or no params, and
///   written back with `line()` it parses to the same request; that line and
///   the error answer to a refused one are single lines (no raw newline), so
///   the newline framing holds;
/// - what ``JSONValue/parse(_:)`` accepts, Foundation's `JSONDecoder`
///   accepts with the same value, as JSONParser promises (except where its
///   doc comment says it differs); what only `JSONDecoder` accepts is lines
///   with a repeated key (which the parser refuses, and `RPCRequest.parse`
///   answers `-32600`), and the parser must at least read back the value
///   `JSONDecoder` made.
enum RPCLineCheck {
  static func run(_ line: [UInt8]) {
    do {
      let request = try RPCRequest.parse(line)
      checkRequest(request)
    } catch {
      checkRefusal(error, line: line)
    }
    checkAgainstFoundation(line)
  }

  static func checkRequest(_ request: RPCRequest) {
    fuzzCheck(!request.method.isEmpty, "a request with an empty method was accepted")
    switch request.params {
    case nil, .object?, .array?: break
    default: fuzzCheck(false, "params \(request.params!) accepted")
    }
    let written = request.line()
    if written.isEmpty {
      // Documented: params nested too deep to write give an empty line.
      fuzzCheck(request.params?.jsonBytes == nil, "line() is empty for writable params")
      return
    }
    fuzzCheck(!written.contains(UInt8(ascii: "\n")), "line() contains a raw newline")
    do {
      let again = try RPCRequest.parse(written)
      fuzzCheck(again == request, "\(request) written and read back is \(again)")
    } catch {
      fuzzCheck(false, "line() of \(request) does not parse: \(error.error)")
    }
  }

  static func checkRefusal(_ failure: RPCRequestFailure, line: [UInt8]) {
    let code = failure.error.code
    fuzzCheck(code == -32700 || code == -32600, "refused with code \(code)")
    if code == -32700 { fuzzCheck(failure.id == nil, "a parse error with id \(failure.id!)") }
    let answer = RPCOutgoing.error(id: failure.id, failure.error).line()
    fuzzCheck(answer.last == UInt8(ascii: "\n"), "the error answer does not end with a newline")
    fuzzCheck(
      answer.dropLast().firstIndex(of: UInt8(ascii: "\n")) == nil, "the error answer has a raw newline")
    let parsed = JSONValue.parse(answer.dropLast())
    fuzzCheck(
      parsed?["error"]?["code"] == .number(Double(code)), "the error answer is not JSON with its code")
  }

  static func checkAgainstFoundation(_ line: [UInt8]) {
    guard !FoundationReference.isKnownDifference(line) else { return }
    let ours = JSONValue.parse(line)
    let theirs = FoundationReference.decode(line)
    if let ours {
      fuzzCheck(
        ours == theirs, "JSONParser gives \(ours), JSONDecoder \(theirs.map { "\($0)" } ?? "an error")")
    } else if let theirs, let written = theirs.jsonBytes {
      // JSONDecoder keeps a repeated key's first value (and never decodes the
      // later one), where the parser refuses the line. What it did decode,
      // written out, is valid JSON without repeats that the parser must read back.
      fuzzCheck(JSONValue.parse(written) == theirs, "JSONParser refuses \(theirs) as written by JSONWriter")
    }
  }
}
