import FuzzSupport
import KeyMenuProtocol
import Logging
import NIOCore
import NIOEmbedded

@testable import KeyMenuDaemon
@testable import KeyMenuServer

/// One connection to the fuzzed daemon: a NIO `EmbeddedChannel` with the
/// server's real pipeline (`SocketServer.serve`: the line decoder and the
/// protocol handler), and the answers it is owed.
///
/// Lines go in as a socket would deliver them; what the daemon sends comes
/// out of the channel's outbound buffer, one message per write.
final class FuzzClient {
  let slot: DispatchHarness.Slot
  let handle: ClientHandle
  let channel = EmbeddedChannel()
  /// Answers still owed, by request id (`nil`: a refused line's null id).
  private(set) var owed: [RPCID?: Int] = [:]
  /// Answers owed before the current step ends.
  private var owedNow: [RPCID?: Int] = [:]

  init(slot: DispatchHarness.Slot, id: Int, server: SocketServer, logger: Logger) {
    self.slot = slot
    // A plugin's answers to the daemon's own requests: this one is never asked.
    var responses: (@Sendable (JSONValue) -> Void)?
    if slot.pluginName != nil { responses = { (_: JSONValue) in } }
    handle = ClientHandle(
      id: id, credentials: PeerCredentials(pid: 1, uid: slot.uid, gid: slot.uid), tier: slot.tier,
      outboundLimit: ProtocolLimits.outboundLimitBytes, channel: channel, logger: logger,
      pluginName: slot.pluginName, responses: responses)
    do {
      try server.serve(handle, on: channel)
      try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
    } catch {
      fatalError("cannot set up an embedded client: \(error)")
    }
  }

  /// Whether the connection is open (the daemon closes it after a line
  /// over the limit, or a plugin's invalid lines).
  var isConnected: Bool { channel.isActive }

  /// Sends one line and records the answer it is owed.
  func send(_ line: [UInt8], terminated: Bool) {
    guard isConnected else { return }
    Trace.print(
      "\(slot) -> \(String(decoding: line.prefix(500), as: UTF8.self))\(terminated ? "" : " (no newline)")")
    if terminated { expectAnswer(to: line) }
    var buffer = channel.allocator.buffer(capacity: line.count + 1)
    buffer.writeBytes(line)
    if terminated { buffer.writeInteger(UInt8(ascii: "\n")) }
    do {
      try channel.writeInbound(buffer)
    } catch {
      fuzzCheck(false, "the pipeline failed on a line: \(error)")
    }
    channel.embeddedEventLoop.run()
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
      owe(id, now: !DaemonCore.answeredLater.contains(request.method))
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

  /// Reads and checks everything the daemon sent since the last call;
  /// returns how many messages there were.
  @discardableResult
  func receive() -> Int {
    channel.embeddedEventLoop.run()
    var count = 0
    while let buffer = readOutbound() {
      count += 1
      let bytes = Array(buffer.readableBytesView)
      Trace.print("\(slot) <- \(String(decoding: bytes.dropLast().prefix(500), as: UTF8.self))")
      let message = OutgoingCheck.message(bytes)
      guard case .response(let id) = message else { continue }
      fuzzCheck(owed[id, default: 0] > 0, "an answer with id \(String(describing: id)) nobody waits for")
      owed[id]! -= 1
      if owed[id] == 0 { owed[id] = nil }
      if let due = owedNow[id], due > 0 { owedNow[id] = due > 1 ? due - 1 : nil }
    }
    return count
  }

  private func readOutbound() -> ByteBuffer? {
    do {
      return try channel.readOutbound(as: ByteBuffer.self)
    } catch {
      fuzzCheck(false, "the outbound buffer holds something else: \(error)")
      return nil
    }
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
  func hangUp() {
    channel.close(promise: nil)
    channel.embeddedEventLoop.run()
    while readOutbound() != nil {}
    _ = try? channel.finish(acceptAlreadyClosed: true)
  }
}
