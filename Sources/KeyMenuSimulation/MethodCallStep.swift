import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuRouting

/// A scenario's `call ID METHOD name=value ...`: the request a client would
/// send, carried out by the plugin that registered the method, as the daemon
/// would route it; its answer (now or when a person answers) is a timeline
/// line, `ID answered {...}` or `ID failed CODE message`.
@EngineActor
struct MethodCallStep {
  let engine: Engine
  let timeline: Timeline

  func call(id: String, method: String, params: [String: String], line: Int) {
    guard let handler = engine.methodHandler(method) else {
      return timeline.add("error: line \(line): no running plugin carries out \(method)")
    }
    let timeline = timeline
    let report: @Sendable @EngineActor (Result<JSONValue, RPCError>) -> Void = { result in
      switch result {
      case .success(let value): timeline.add("\(id) answered \(value.jsonText)")
      case .failure(let error): timeline.add("\(id) failed \(error.code) \(error.message)")
      }
    }
    let call = MethodCall(
      method: method, params: .object(params.mapValues(Self.value)),
      caller: MethodCaller(connection: 0, uid: 0, tier: .admin, owner: "scenario"), requestID: .string(id),
      reply: MethodReply(send: report), hold: { _ throws(RPCError) in })
    do throws(RPCError) {
      if let result = try handler.handler(call) { report(.success(result)) }
    } catch {
      report(.failure(error))
    }
  }

  /// `5` is a number, `true` and `false` booleans, a JSON array or object
  /// (`[...]`, `{...}`) that value, anything else a string.
  static func value(_ text: String) -> JSONValue {
    if let integer = Int(text) { return .int(integer) }
    if text == "true" || text == "false" { return .bool(text == "true") }
    if text.hasPrefix("[") || text.hasPrefix("{"), let parsed = JSONValue.parse(Array(text.utf8)) {
      return parsed
    }
    return .string(text)
  }
}
