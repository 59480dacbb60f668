import Glibc

/// Key to answer (issue 17): the time from a key written to the emulated
/// keyboard until a client waiting in `alert.show` has read keymenud's
/// answer, and in the same run the floor: bench/floor/key-line.c, a bare
/// libevdev reader that writes one line to a Unix socket per Enter press,
/// timed the same way.
///
/// Runs inside umockdev-run (bench/keys.sh), without umockdev's preload
/// itself; keymenud and the floor get it (`preload`), so both open
/// `/dev/input/eventN` like any program and pay umockdev's round trip per
/// read(). Each gets a pseudo-terminal of its own in place of the node
/// (``EmulatedKeyboard``): the floor is started first and opens the first,
/// then the node is pointed at the second and keymenud started. One key at
/// a time: the side is armed (keymenud: `alert.show`, and its `alert.shown`
/// read by an observer subscribed to `alert`; the floor: `show`, `shown`),
/// then `CLOCK_MONOTONIC` is read, the press (Enter down, SYN, up, SYN: 96
/// bytes) written with one write(), the answer line read, and the clock
/// read again. The two sides are measured in alternating blocks (by default
/// one key each), so that a disturbance on the machine falls on both. A
/// benchmark: it fails only when something broke (a lost key, a wrong
/// answer), never on timing.
struct KeyLatencyBenchmark {
  /// The node as the programs open it (`/dev/input/event3`).
  var device: String
  /// The testbed's root (`UMOCKDEV_DIR`).
  var testbed: String
  /// The floor program (bench/floor/key-line.c built).
  var floorProgram: String
  /// keymenud and its arguments.
  var daemonCommand: [String]
  /// What keymenud and the floor get in their environment (`LD_PRELOAD`).
  var environment: [String: String]
  var alerts: Int
  var warmup: Int
  var blocks: Int
  /// Keys measured after a quiet spell each (after the others), and how
  /// long the spell: keymenud gives its code pages back a second after an
  /// alert ends (docs/ENGINE.md), so the key after a spell pays the faults.
  var rested = 0
  var restMilliseconds = 2000
  var label: String

  /// KEY_ENTER: alerts answer it with their default button.
  private static let enter: UInt16 = 28

  func run() {
    let node = testbed + device
    let floorKeyboard = EmulatedKeyboard(node: node)
    let floor = DaemonProcess(command: [floorProgram, device], environment: environment)
    _ = floor.waitReady()
    let floorSide = FloorSide(socket: floor.socketPath)
    let daemonKeyboard = EmulatedKeyboard(node: node)
    let daemon = DaemonProcess(command: daemonCommand, environment: environment)
    _ = daemon.waitReady()
    let alertSide = AlertSide(socket: daemon.socketPath, device: device)

    var sequence: Int64 = 0
    var discarded: [UInt64] = []
    measure(floorSide, floorKeyboard, count: warmup, sequence: &sequence, into: &discarded)
    measure(alertSide, daemonKeyboard, count: warmup, sequence: &sequence, into: &discarded)
    var daemonSamples: [UInt64] = []
    var floorSamples: [UInt64] = []
    daemonSamples.reserveCapacity(alerts)
    floorSamples.reserveCapacity(alerts)
    let daemonCPU = ThreadSnapshot(pid: daemon.pid).cpuNanoseconds
    let floorCPU = ThreadSnapshot(pid: floor.pid).cpuNanoseconds
    for block in 0..<blocks {
      let count = alerts / blocks + (block < alerts % blocks ? 1 : 0)
      measure(floorSide, floorKeyboard, count: count, sequence: &sequence, into: &floorSamples)
      measure(alertSide, daemonKeyboard, count: count, sequence: &sequence, into: &daemonSamples)
    }
    let daemonPerAlert =
      UInt64(max(ThreadSnapshot(pid: daemon.pid).cpuNanoseconds - daemonCPU, 0)) / UInt64(alerts)
    let floorPerKey =
      UInt64(max(ThreadSnapshot(pid: floor.pid).cpuNanoseconds - floorCPU, 0)) / UInt64(alerts)
    var restedDaemon: [UInt64] = []
    var restedFloor: [UInt64] = []
    for _ in 0..<rested {
      measure(
        floorSide, floorKeyboard, count: 1, rest: restMilliseconds, sequence: &sequence, into: &restedFloor)
      measure(
        alertSide, daemonKeyboard, count: 1, rest: restMilliseconds, sequence: &sequence, into: &restedDaemon)
    }
    daemon.stopCleanly()
    floor.stopCleanly()
    report(LatencySummary(daemonSamples), LatencySummary(floorSamples), cpu: (daemonPerAlert, floorPerKey))
    if rested > 0 { reportRested(LatencySummary(restedDaemon), LatencySummary(restedFloor)) }
  }

  /// Times `count` keys on one side, each armed first (and then left
  /// alone for `rest` milliseconds).
  private func measure(
    _ side: some KeyAnswerSide, _ keyboard: EmulatedKeyboard, count: Int, rest: Int = 0,
    sequence: inout Int64,
    into samples: inout [UInt64]
  ) {
    for _ in 0..<count {
      sequence += 1
      let press = EmulatedKeyboard.press(Self.enter, sequence: sequence)
      side.arm()
      if rest > 0 { usleep(UInt32(rest) * 1000) }
      let start = monotonicNanoseconds()
      keyboard.type(press)
      let answer = side.readAnswer()
      let end = monotonicNanoseconds()
      side.check(answer)
      samples.append(end - start)
    }
  }

  private func report(_ daemon: LatencySummary, _ floor: LatencySummary, cpu: (daemon: UInt64, floor: UInt64))
  {
    print("\(label)key to answer, keymenud alert.show, \(daemon.count) alerts: \(daemon.text)")
    print(
      "  method: Enter (down, SYN, up, SYN) written with one write() to the emulated keyboard's terminal, "
        + "until the client waiting in alert.show (buttons [\"OK\"]) has read the answer line, CLOCK_MONOTONIC "
        + "around both; armed before each key: alert.show sent, alert.shown read by a second client subscribed "
        + "to alert; \(warmup) warm-up keys not counted; keymenud's CPU per alert (show, shown, key, answer, "
        + "all threads): \(micros(cpu.daemon))")
    print(
      "\(label)key to answer, floor (libevdev reader, one line per key), \(floor.count) keys: \(floor.text)")
    print(
      "  method: bench/floor/key-line.c (libevdev_next_event, write() of \"answer\\n\" on KEY_ENTER down), "
        + "the same client loop and timing, armed by a show/shown line exchange, in \(blocks) blocks alternating "
        + "with keymenud's (\(alerts / blocks) key(s) each); its CPU per key: \(micros(cpu.floor))")
    print(
      "\(label)key to answer keymenud/floor: p50 \(ratio(daemon.median, floor.median)), "
        + "p99 \(ratio(daemon.percentile(0.99), floor.percentile(0.99))), "
        + "p99.9 \(ratio(daemon.percentile(0.999), floor.percentile(0.999))) (issue 17 aim: p99 within 2x)")
  }

  private func reportRested(_ daemon: LatencySummary, _ floor: LatencySummary) {
    print(
      "\(label)key to answer after \(restMilliseconds) ms quiet, keymenud alert.show, \(daemon.count) alerts: "
        + "p50 \(micros(daemon.median)), max \(micros(daemon.maximum))")
    print(
      "\(label)key to answer after \(restMilliseconds) ms quiet, floor, \(floor.count) keys: "
        + "p50 \(micros(floor.median)), max \(micros(floor.maximum)); keymenud/floor: p50 "
        + "\(ratio(daemon.median, floor.median))")
    print(
      "  method: as above, one key at a time, each side left alone for \(restMilliseconds) ms between arming "
        + "and the key (keymenud gives its code pages back one second after the previous alert ended, so "
        + "its key path faults them in again: the cost of memory given back at rest), after the other keys")
  }
}
