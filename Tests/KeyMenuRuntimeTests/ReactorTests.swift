import Glibc
import KeyMenuRuntime
import SystemPackage
import Testing

/// The reactor on the test's own thread: descriptors are handled when
/// ready, in the order they were watched, each round follows the handlers,
/// and a stop (its own or its waker's) ends the run.
@Suite struct ReactorTests {
  /// A pipe whose read end the reactor watches.
  struct Pipe {
    let read: FileDescriptor
    let write: FileDescriptor

    init() throws {
      let (read, write) = try FileDescriptor.pipe()
      self.read = read
      self.write = write
    }

    func send(_ byte: UInt8) throws { _ = try write.writeAll([byte]) }

    func take() throws -> UInt8 {
      var byte: UInt8 = 0
      _ = try withUnsafeMutableBytes(of: &byte) { try read.read(into: $0) }
      return byte
    }

    func close() {
      try? read.close()
      try? write.close()
    }
  }

  @Test func readyDescriptorsAreHandledInWatchOrderThenTheRound() throws {
    let first = try Pipe()
    let second = try Pipe()
    defer {
      first.close()
      second.close()
    }
    let reactor = Reactor(waker: try ReactorWaker())
    var log: [String] = []
    reactor.watch(second.read) { _ in log.append("second \((try? second.take()) ?? 0)") }
    reactor.watch(first.read) { _ in log.append("first \((try? first.take()) ?? 0)") }
    try first.send(1)
    try second.send(2)
    var rounds = 0
    reactor.run(
      round: {
        rounds += 1
        log.append("round")
        if rounds == 2 { reactor.stop() }
        return nil
      },
      signal: { _ in true })
    #expect(log == ["round", "second 2", "first 1", "round"])
  }

  @Test func anUnwatchedDescriptorIsNotHandledAndTheTimeoutMakesARound() throws {
    let pipe = try Pipe()
    defer { pipe.close() }
    let reactor = Reactor(waker: try ReactorWaker())
    var handled = 0
    reactor.watch(pipe.read) { _ in handled += 1 }
    reactor.unwatch(pipe.read)
    try pipe.send(1)
    var rounds = 0
    reactor.run(
      round: {
        rounds += 1
        if rounds == 2 { reactor.stop() }
        return .zero
      },
      signal: { _ in true })
    #expect(handled == 0)
    #expect(rounds == 2)
  }

  @Test func theWakerStopsTheRunBeforeAnythingElseIsRead() throws {
    let pipe = try Pipe()
    defer { pipe.close() }
    let waker = try ReactorWaker()
    let reactor = Reactor(waker: waker)
    var handled = 0
    reactor.watch(pipe.read) { _ in handled += 1 }
    try pipe.send(1)
    waker.stop()
    reactor.run(round: { nil }, signal: { _ in true })
    #expect(handled == 0)
  }

  @Test func aWakeUpMakesARound() throws {
    let waker = try ReactorWaker()
    let reactor = Reactor(waker: waker)
    var rounds = 0
    reactor.run(
      round: {
        rounds += 1
        if rounds == 1 { waker.wake() } else { reactor.stop() }
        return nil
      },
      signal: { _ in true })
    #expect(rounds == 2)
  }
}
