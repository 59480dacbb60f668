import Foundation
import Glibc
import Synchronization

/// `daemon.status` round trips from one client, and in the same run two
/// floors: the same client loop against a bare Unix-socket echo thread
/// (``EchoServer``) and against a bare swift-nio server (``NIOLineFloor``),
/// both answering with a line as long as the daemon's answer.
///
/// Each request is timed alone (`CLOCK_MONOTONIC` before the `write()` and
/// after the `read()` that completes the answer line). The two are measured
/// in alternating blocks, so that a disturbance on the machine (another
/// process, frequency changes) falls on both.
struct RoundTripBenchmark {
  var socket: String
  /// keymenud's process id, for its CPU time per request.
  var pid: pid_t
  var requests: Int
  var warmup: Int
  var blocks: Int
  /// Whether the client waits for each answer with `poll()` before its
  /// `read()` (``LineConnection/waitsWithPoll``).
  var waitsWithPoll = false
  var label: String

  /// How the client waits, for the method lines.
  private var waiting: String {
    waitsWithPoll
      ? "write() of the request line, then poll() for input and read() until the answer's newline (an "
        + "event-driven client)"
      : "blocking write() of the request line then read() until the answer's newline"
  }

  func run() {
    let daemon = LineConnection(connectingTo: socket)
    daemon.waitsWithPoll = waitsWithPoll
    guard let answer = daemon.exchange(request(id: 0), { Array($0) }),
      answer.starts(with: Array(#"{"id":0,"jsonrpc":"2.0","result":{"#.utf8))
    else { fail("daemon.status: no answer, or not a result") }
    let directory = BenchDirectory()
    let floorAnswer = EchoServer.answer(length: answer.count + 1)
    let server = EchoServer(path: directory.file("floor.sock"), answer: floorAnswer)
    let floor = LineConnection(connectingTo: server.path)
    let nioServer = NIOLineFloor(path: directory.file("nio-floor.sock"), answer: floorAnswer)
    let nioFloor = LineConnection(connectingTo: nioServer.path)
    floor.waitsWithPoll = waitsWithPoll
    nioFloor.waitsWithPoll = waitsWithPoll

    var nextID = 1
    var discarded: [UInt64] = []
    measure(daemon, from: &nextID, count: warmup, into: &discarded, checked: true)
    measure(floor, from: &nextID, count: warmup, into: &discarded, checked: false)
    measure(nioFloor, from: &nextID, count: warmup, into: &discarded, checked: false)
    var daemonSamples: [UInt64] = []
    var floorSamples: [UInt64] = []
    var nioSamples: [UInt64] = []
    daemonSamples.reserveCapacity(requests)
    floorSamples.reserveCapacity(requests)
    nioSamples.reserveCapacity(requests)
    let cpuBefore = ThreadSnapshot(pid: pid).cpuNanoseconds
    let timesBefore = ProcessTimes(pid: pid)
    let floorBefore = threadCPU(server.thread.value.load(ordering: .acquiring))
    let nioBefore = threadCPU(nioServer.thread)
    for block in 0..<blocks {
      let count = requests / blocks + (block < requests % blocks ? 1 : 0)
      measure(floor, from: &nextID, count: count, into: &floorSamples, checked: false)
      measure(nioFloor, from: &nextID, count: count, into: &nioSamples, checked: false)
      measure(daemon, from: &nextID, count: count, into: &daemonSamples, checked: true)
    }

    let cpu = UInt64(max(ThreadSnapshot(pid: pid).cpuNanoseconds - cpuBefore, 0)) / UInt64(requests)
    let timesAfter = ProcessTimes(pid: pid)
    let statCPU = UInt64(max(timesAfter.cpuNanoseconds - timesBefore.cpuNanoseconds, 0)) / UInt64(requests)
    let switches = Double(timesAfter.contextSwitches - timesBefore.contextSwitches) / Double(requests)
    let floorPerRequest =
      UInt64(max(threadCPU(server.thread.value.load(ordering: .acquiring)) - floorBefore, 0))
      / UInt64(requests)
    let nioPerRequest = UInt64(max(threadCPU(nioServer.thread) - nioBefore, 0)) / UInt64(requests)
    let measured = LatencySummary(daemonSamples)
    let bare = LatencySummary(floorSamples)
    let nio = LatencySummary(nioSamples)
    let devices = Self.member("devices", in: String(decoding: answer, as: UTF8.self))
    let sizes = "\(request(id: 1).count) B request, \(answer.count + 1) B answer, devices \(devices)"
    print("\(label)daemon.status round trip, \(measured.count) requests: \(measured.text)")
    print(
      "  method: one client, \(waiting), "
        + "CLOCK_MONOTONIC around each (\(sizes)); \(warmup) warm-up requests not counted; keymenud's CPU "
        + "time (all threads, /proc/PID/task/*/schedstat) per request: \(micros(cpu))")
    print("\(label)Unix-socket echo floor, \(bare.count) requests: \(bare.text)")
    print(
      "  method: the same client loop and request lines against a thread in keymenu-bench that answers each "
        + "line with a fixed \(floorAnswer.count) B line (blocking read/write), in \(blocks) blocks "
        + "alternating with the daemon's")
    print("\(label)swift-nio line floor, \(nio.count) requests: \(nio.text)")
    print(
      "  method: the same client loop against a bare swift-nio server in keymenu-bench (one event loop, "
        + "a handler writing the same fixed line for each line read, one flush per read), in the same "
        + "alternating blocks; its event loop thread's CPU per request: \(micros(nioPerRequest)) (schedstat)")
    print(
      "\(label)keymenud CPU per request: \(micros(statCPU)) (utime+stime from /proc/PID/stat, before and after "
        + "the \(requests) measured requests, divided by them; clock-tick resolution); "
        + "\(format(switches)) context switches per request (all threads); the echo floor's serving thread: "
        + "\(micros(floorPerRequest)) per request (its schedstat); the swift-nio floor's event loop: "
        + "\(micros(nioPerRequest)) per request")
    print(
      "\(label)daemon/floor: p50 \(ratio(measured.median, bare.median)), "
        + "p99 \(ratio(measured.percentile(0.99), bare.percentile(0.99))), "
        + "p99.9 \(ratio(measured.percentile(0.999), bare.percentile(0.999))) "
        + "(issue 4 target: p50 <= 30 us, p99 <= 150 us, at most 3x the floor)")
    print(
      "\(label)daemon/swift-nio floor: p50 \(ratio(measured.median, nio.median)), "
        + "p99 \(ratio(measured.percentile(0.99), nio.percentile(0.99))); swift-nio floor/echo floor: "
        + "p50 \(ratio(nio.median, bare.median)); CPU per request: keymenud \(micros(statCPU)), swift-nio floor "
        + "\(micros(nioPerRequest)), echo floor \(micros(floorPerRequest))")
  }

  /// The CPU time of one of this process's threads so far, in nanoseconds.
  private func threadCPU(_ id: Int32) -> Int {
    ThreadSnapshot(pid: getpid()).threads[Int(id)]?.cpuNanoseconds ?? 0
  }

  /// Times `count` sequential requests on `connection`; with `checked`, each
  /// answer must be the result of its own request.
  private func measure(
    _ connection: LineConnection, from nextID: inout Int, count: Int, into samples: inout [UInt64],
    checked: Bool
  ) {
    for _ in 0..<count {
      let line = request(id: nextID)
      let expected = Array(#"{"id":\#(nextID),"jsonrpc":"2.0","result":"#.utf8)
      nextID += 1
      let start = monotonicNanoseconds()
      connection.send(line)
      let matches = connection.readLine { !checked || $0.starts(with: expected) }
      let end = monotonicNanoseconds()
      guard let matches else { fail("the connection closed during the round-trip benchmark") }
      guard matches else { fail("answer \(nextID - 1) was not the result of daemon.status \(nextID - 1)") }
      samples.append(end - start)
    }
  }

  /// The text of a number member of a compact JSON object, or `?`.
  private static func member(_ name: String, in json: String) -> Substring {
    guard let key = json.range(of: "\"\(name)\":") else { return "?" }
    return json[key.upperBound...].prefix { $0.isNumber }
  }

  private func request(id: Int) -> [UInt8] {
    Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"daemon.status"}"#.utf8) + [0x0A]
  }
}
