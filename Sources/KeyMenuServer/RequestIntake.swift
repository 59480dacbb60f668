import NIOCore
import Synchronization

/// The requests a connection has handed to the engine and that the engine
/// has not carried out yet, and the bound on them: past it keymenud stops
/// reading from that connection until the engine catches up.
///
/// Without it a client that writes requests faster than the engine carries
/// them out (60 KB text boxes by the thousand, pipelined) makes keymenud
/// hold every parsed request in the engine's address: measured, 1.9 GB in
/// the soak's hostile phase. With it what waits is bounded per connection
/// (``maximumRequests``, ``maximumBytes``) and in all
/// (``maximumBytesInAll``); the rest stays in the kernel's socket buffer,
/// and the client's writes block, as a slow server's do. Answers and the
/// other connections go on meanwhile.
///
/// Counted on the event loop (``admit(bytes:)``) and given back wherever the
/// request was carried out (``carriedOut(_:)``, often the engine thread);
/// the read held back is asked for again on the event loop.
public final class RequestIntake: Sendable {
  /// A request handed on: what it counts until it is carried out.
  public struct Ticket: Sendable {
    let bytes: Int
  }

  /// The most requests of one connection waiting for the engine.
  public static let maximumRequests = 16
  /// The most bytes of request lines of one connection waiting for the
  /// engine: two lines of the longest (64 KiB).
  public static let maximumBytes = 128 * 1024
  /// The most bytes of request lines waiting for the engine, all
  /// connections together: past it a connection with any request waiting
  /// stops reading too.
  public static let maximumBytesInAll = 4 * 1024 * 1024

  /// Bytes waiting across all connections.
  private static let bytesInAll = Atomic<Int>(0)

  private let requests = Atomic<Int>(0)
  private let bytes = Atomic<Int>(0)
  /// A read was held back. Every access here is sequentially consistent:
  /// the engine gives back and then looks whether a read was held while the
  /// event loop holds one and then looks again, and one of them must see the other.
  private let held = Atomic<Bool>(false)
  private let channel: any Channel

  init(channel: any Channel) { self.channel = channel }

  /// Counts a request of `bytes` handed on.
  func admit(bytes count: Int) -> Ticket {
    requests.add(1, ordering: .sequentiallyConsistent)
    bytes.add(count, ordering: .sequentiallyConsistent)
    Self.bytesInAll.add(count, ordering: .sequentiallyConsistent)
    return Ticket(bytes: count)
  }

  /// Gives back what a request counted; reading goes on if it was held back
  /// and the connection is under its bounds again.
  public func carriedOut(_ ticket: Ticket) {
    requests.subtract(1, ordering: .sequentiallyConsistent)
    bytes.subtract(ticket.bytes, ordering: .sequentiallyConsistent)
    Self.bytesInAll.subtract(ticket.bytes, ordering: .sequentiallyConsistent)
    guard held.load(ordering: .sequentiallyConsistent), !isFull else { return }
    let channel = channel
    channel.eventLoop.execute { [self] in
      // Asked once: the read goes through the pipeline, which holds it again if need be.
      if held.exchange(false, ordering: .sequentiallyConsistent) { channel.read() }
    }
  }

  /// Whether the connection must wait before more is read from it.
  var isFull: Bool {
    let waiting = requests.load(ordering: .sequentiallyConsistent)
    return waiting >= Self.maximumRequests
      || bytes.load(ordering: .sequentiallyConsistent) >= Self.maximumBytes
      || (waiting > 0 && Self.bytesInAll.load(ordering: .sequentiallyConsistent) >= Self.maximumBytesInAll)
  }

  /// On the event loop, for a read the channel asks for: true to go on
  /// reading, false to hold it back until the engine catches up.
  func allowsRead() -> Bool {
    guard isFull else { return true }
    held.store(true, ordering: .sequentiallyConsistent)
    // The engine may have caught up in between: then read after all.
    if !isFull, held.exchange(false, ordering: .sequentiallyConsistent) { return true }
    return false
  }

  /// What one connection has waiting, for tests and status.
  var waiting: (requests: Int, bytes: Int) {
    (requests.load(ordering: .sequentiallyConsistent), bytes.load(ordering: .sequentiallyConsistent))
  }
}
