import FuzzSupport
import KeyMenuBuiltins
import KeyMenuProtocol
import KeyMenuTestKit

@testable import KeyMenuDaemon

/// One connection to the fuzzed daemon (the test kit's ``InProcessClient``:
/// an `EmbeddedChannel` with the server's real pipeline), and the answers
/// it is owed.
///
/// Lines go in as a socket would deliver them; what the daemon sends comes
/// out one message per line.
final class FuzzClient {
  let slot: DispatchHarness.Slot
  let connection: InProcessClient
  /// Answers still owed, by request id (`nil`: a refused line's null id).
  private(set) var owed: [RPCID?: Int] = [:]
  /// Answers owed before the current step ends.
  private var owedNow: [RPCID?: Int] = [:]

  init(slot: DispatchHarness.Slot, daemon: InProcessDaemon) {
    self.slot = slot
    do {
      connection = try daemon.connect(tier: slot.tier, uid: slot.uid, pluginName: slot.pluginName)
    } catch {
      fatalError("cannot set up an embedded client: \(error)")
    }
  }

  /// Whether the connection is open (the daemon closes it after a line
  /// over the limit, or a plugin's invalid lines).
  var isConnected: Bool { connection.isConnected }

  /// The owner name the core gives this client's selectors.
  var selectorOwnerName: String { connection.pluginName.map { "plugin:" + $0 } ?? "client:\(connection.id)" }

  /// Sends one line and records the answer it is owed.
  func send(_ line: [UInt8], terminated: Bool) {
    guard isConnected else { return }
    Trace.print(
      "\(slot) -> \(String(decoding: line.prefix(500), as: UTF8.self))\(terminated ? "" : " (no newline)")")
    if terminated { expectAnswer(to: line) }
    do {
      try connection.send(bytes: line, terminated: terminated)
    } catch {
      fuzzCheck(false, "the pipeline failed on a line: \(error)")
    }
  }

  /// What the protocol promises for one line: one answer for a request with
  /// an id (now, unless it waits for a person) and for a refused line, none
  /// for a notification or an empty line.
  private func expectAnswer(to line: [UInt8]) {
    if line.count > ProtocolLimits.maximumLineBytes {
      owe(nil, now: true)
      return
    }
    if line.isEmpty { return }
    do {
      let request = try RPCRequest.parse(line)
      guard let id = request.id else { return }
      // The methods a person answers are the modal kinds' (alert.show, menu.open, menu.show, ...).
      let declared = BuiltinPlugins.catalog.declaredMethods[request.method]
      owe(id, now: declared?.declaration.answeredLater != true)
    } catch {
      if slot.pluginName != nil, let value = JSONValue.parse(line), value["method"] == nil,
        value["id"] != nil,
        value["result"] != nil || value["error"] != nil
      {
        return  // a plugin's answer to the daemon's own request
      }
      owe(error.id, now: true)
    }
  }

  private func owe(_ id: RPCID?, now: Bool) {
    owed[id, default: 0] += 1
    if now { owedNow[id, default: 0] += 1 }
  }

  /// Reads and checks everything the daemon sent since the last settle;
  /// returns how many messages there were.
  @discardableResult
  func receive() -> Int {
    let lines = connection.takeLines()
    for bytes in lines {
      Trace.print("\(slot) <- \(String(decoding: bytes.dropLast().prefix(500), as: UTF8.self))")
      let message = OutgoingCheck.message(bytes)
      guard case .response(let id) = message else { continue }
      fuzzCheck(owed[id, default: 0] > 0, "an answer with id \(String(describing: id)) nobody waits for")
      owed[id]! -= 1
      if owed[id] == 0 { owed[id] = nil }
      if let due = owedNow[id], due > 0 { owedNow[id] = due > 1 ? due - 1 : nil }
    }
    return lines.count
  }

  /// Ends a step: every answer due now must have come (unless the daemon
  /// closed the connection).
  func checkAnsweredNow() {
    if isConnected { fuzzCheck(owedNow.isEmpty, "requests without an answer: \(owedNow)") }
    owedNow = [:]
  }

  /// Ends the input while connected: nothing may still be owed once every
  /// alert and menu was answered.
  func checkNothingOwed() {
    if isConnected { fuzzCheck(owed.isEmpty, "requests never answered: \(owed)") }
  }

  /// Hangs up; a line sent without a newline is read now, as on a socket.
  func hangUp() { connection.hangUp() }
}
