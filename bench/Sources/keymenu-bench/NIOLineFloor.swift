import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// The round-trip benchmark's second floor: a bare swift-nio server, one
/// event loop as keymenud's, that answers every line with the same fixed
/// line. Between the echo floor (blocking `read()`/`write()`) and keymenud,
/// it is the share of a request swift-nio's event loop itself costs (an
/// `epoll_wait` per wake, channel pipeline, buffers), before any keymenu
/// code: the part of keymenud's CPU per request no change inside keymenu
/// can remove while it serves the socket with swift-nio.
final class NIOLineFloor: Sendable {
  /// Where the server listens.
  let path: String
  /// The event loop thread's kernel id, for its CPU time.
  let thread: Int32
  private let group: MultiThreadedEventLoopGroup
  private let channel: any Channel

  /// Listens on `path` and answers each line of each connection with `answer`.
  init(path: String, answer: [UInt8]) {
    self.path = path
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    self.group = group
    do {
      channel = try ServerBootstrap(group: group)
        .childChannelInitializer { channel in
          channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(AnswerEachLine(answer: answer))
          }
        }
        .bind(unixDomainSocketPath: path).wait()
      thread = try group.next().submit { ThreadSnapshot.currentThreadID() }.wait()
    } catch {
      fail("the swift-nio floor could not listen on \(path): \(error)")
    }
  }

  deinit {
    try? channel.close().wait()
    try? group.syncShutdownGracefully()
  }

  /// Answers each complete line with the fixed answer, one flush per read.
  private final class AnswerEachLine: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
    let answer: ByteBuffer

    init(answer: [UInt8]) {
      self.answer = ByteBuffer(bytes: answer)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      // The client sends one whole line and waits for its answer, so each
      // read holds whole lines: count them.
      let lines = unwrapInboundIn(data).readableBytesView.lazy.filter { $0 == 0x0A }.count
      for _ in 0..<lines { context.write(wrapOutboundOut(answer), promise: nil) }
      if lines > 0 { context.flush() }
    }
  }
}
