import NIOCore
import NIOEmbedded
import Synchronization
import Testing

@testable import KeyMenuServer

/// A connection's requests waiting for the engine are bounded: past the
/// bound the reads the channel asks for are held back, and the first
/// request carried out asks for the held read again (issue 28: a client
/// pipelining 60 KB requests faster than the engine took them made keymenud
/// hold them all, 1.9 GB in the soak's hostile phase).
@Suite struct RequestIntakeTests {
  /// Counts the reads that reach the front of the pipeline.
  final class ReadCounter: ChannelOutboundHandler, Sendable {
    typealias OutboundIn = Never
    let reads = Atomic<Int>(0)
    func read(context: ChannelHandlerContext) {
      reads.add(1, ordering: .relaxed)
      context.read()
    }
  }

  @Test func readsAreHeldPastTheBoundAndAskedForAgainWhenTheEngineCatchesUp() throws {
    let counter = ReadCounter()
    let channel = EmbeddedChannel(handler: counter)
    let intake = RequestIntake(channel: channel)
    var tickets: [RequestIntake.Ticket] = []
    for _ in 0..<RequestIntake.maximumRequests - 1 {
      tickets.append(intake.admit(bytes: 100))
      #expect(intake.allowsRead())
    }
    tickets.append(intake.admit(bytes: 100))
    #expect(!intake.allowsRead())
    #expect(intake.waiting == (RequestIntake.maximumRequests, RequestIntake.maximumRequests * 100))
    // Carried out: the held read is asked for again, once.
    intake.carriedOut(tickets.removeLast())
    channel.embeddedEventLoop.run()
    #expect(counter.reads.load(ordering: .relaxed) == 1)
    intake.carriedOut(tickets.removeLast())
    channel.embeddedEventLoop.run()
    #expect(counter.reads.load(ordering: .relaxed) == 1)
    for ticket in tickets { intake.carriedOut(ticket) }
    #expect(intake.waiting == (0, 0))
    #expect(intake.allowsRead())
  }

  @Test func twoLongLinesFillAConnectionAndTheWholeDaemonHasABoundToo() throws {
    let intake = RequestIntake(channel: EmbeddedChannel())
    let first = intake.admit(bytes: 64 * 1024)
    #expect(intake.allowsRead())
    let second = intake.admit(bytes: 64 * 1024)
    #expect(!intake.allowsRead())
    intake.carriedOut(first)
    intake.carriedOut(second)
    // Others fill the daemon's bound: a connection with a request waiting holds
    // its reads, one with none waiting reads on (it cannot be left waiting).
    let others = (0..<64).map { _ in RequestIntake(channel: EmbeddedChannel()) }
    let held = others.map { $0.admit(bytes: RequestIntake.maximumBytesInAll / 64) }
    #expect(intake.allowsRead())
    let mine = intake.admit(bytes: 10)
    #expect(!intake.allowsRead())
    for (other, ticket) in zip(others, held) { other.carriedOut(ticket) }
    #expect(intake.allowsRead())
    intake.carriedOut(mine)
  }
}
