import KeyMenuProtocol
import Logging
import NIOCore
import Synchronization

/// The last handler of a client's pipeline: turns lines into requests,
/// answers what the protocol layer can answer (parse errors, unknown
/// methods, tier checks) and passes the rest to the delegate, counted in the
/// client's ``RequestIntake``; a read the channel asks for while the intake
/// is full is held back until the engine catches up.
final class ClientChannelHandler: ChannelDuplexHandler, Sendable {
  typealias InboundIn = ByteBuffer
  typealias OutboundIn = Never

  let client: ClientHandle
  let delegate: any SocketServerDelegate
  let logger: Logger

  init(client: ClientHandle, delegate: any SocketServerDelegate, logger: Logger) {
    self.client = client
    self.delegate = delegate
    self.logger = logger
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let line = unwrapInboundIn(data)
    guard line.readableBytes > 0, !client.closed.load(ordering: .relaxed) else { return }
    // The answers given on the event loop (`hello`, `daemon.status`) leave in
    // one flush when the read's lines are all handled (channelReadComplete).
    client.holdFlushes()
    let request: RPCRequest
    do {
      request = try RPCRequest.parse(line.readableBytesView)
    } catch {
      if let responses = client.responses, let value = JSONValue.parse(Array(line.readableBytesView)),
        value["method"] == nil, value["id"] != nil, value["result"] != nil || value["error"] != nil
      {
        client.invalidLinesInARow.store(0, ordering: .relaxed)
        responses(value)
        return
      }
      client.send(.error(id: error.id, error.error))
      if client.pluginName != nil {
        let count = client.invalidLinesInARow.add(1, ordering: .relaxed).newValue
        if count >= ProtocolLimits.maximumInvalidPluginLines {
          logger.warning("\(client.label): \(count) invalid lines in a row; cutting it off")
          client.close()
        }
      }
      return
    }
    client.invalidLinesInARow.store(0, ordering: .relaxed)
    do {
      try MethodCatalog.check(request.method, tier: client.tier, in: delegate.methodTiers)
    } catch {
      if error.code == -32001 {
        logger.notice(
          "client \(client.id) (uid \(client.credentials.uid), tier \(client.tier.rawValue)) refused: \(request.method)"
        )
      }
      if let id = request.id { client.send(.error(id: id, error)) }
      return
    }
    delegate.client(client, requested: request, ticket: client.intake.admit(bytes: line.readableBytes))
  }

  func read(context: ChannelHandlerContext) {
    if client.intake.allowsRead() { context.read() }
  }

  func channelReadComplete(context: ChannelHandlerContext) {
    client.releaseFlushes()
    context.fireChannelReadComplete()
  }

  func channelInactive(context: ChannelHandlerContext) {
    client.releaseFlushes()
    client.closed.store(true, ordering: .relaxed)
    release()
    delegate.connectionClosed(client)
    context.fireChannelInactive()
  }

  /// Tells the delegate the client is gone, once.
  private func release() {
    if !client.released.exchange(true, ordering: .relaxed) { delegate.clientDisconnected(client) }
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    // A half-close's last line (decoded without its newline) is followed by no read completion.
    client.releaseFlushes()
    if event is GivenUp { return release() }
    if event is ClientHandle.CaughtUp { return delegate.backlogDrained(client) }
    guard let expired = event as? LineFramingHandler.Expired else {
      return context.fireUserInboundEventTriggered(event)
    }
    logger.warning(
      "\(client.label) (uid \(client.credentials.uid)): request line not completed within \(expired.milliseconds) ms; disconnected"
    )
    client.send(.error(id: nil, .lineNotCompleted(milliseconds: expired.milliseconds)), thenClose: true)
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    client.releaseFlushes()
    if error is LineFramingHandler.LineTooLong {
      logger.notice("\(client.label): line over \(ProtocolLimits.maximumLineBytes) bytes; disconnected")
      client.send(.error(id: nil, .lineTooLong), thenClose: true)
    } else {
      client.close()
    }
  }
}
