import Glibc

/// The subcommands that start keymenud: options, the daemon's start and
/// stop, and which benchmark runs against it.
enum DaemonBenchmarks {
  static func run(_ name: String, _ arguments: ArraySlice<String>) {
    let usage = "keymenu-bench \(name) [OPTIONS] -- KEYMENUD ARGS..."
    switch name {
    case "rtt":
      let options = DaemonArguments(
        arguments, known: ["requests", "warmup", "blocks", "label"], usage: usage)
      // Twice against the same daemon: a client blocking in read(), then
      // one waiting in poll() (its lines labelled "event-driven client").
      withDaemon(options) { daemon in
        for waitsWithPoll in [false, true] {
          RoundTripBenchmark(
            socket: daemon.socketPath, pid: daemon.pid,
            requests: options.integer("requests", default: 100_000),
            warmup: options.integer("warmup", default: 1000), blocks: options.integer("blocks", default: 10),
            waitsWithPoll: waitsWithPoll,
            label: label(options) + (waitsWithPoll ? "event-driven client: " : "")
          ).run()
        }
      }
    case "subscribers":
      let options = DaemonArguments(arguments, known: ["clients", "cycles", "label"], usage: usage)
      withDaemon(options) { daemon in
        SubscriberBenchmark(
          socket: daemon.socketPath, pid: daemon.pid, subscribers: options.integer("clients", default: 256),
          cycles: options.integer("cycles", default: 500), label: label(options)
        ).run()
      }
    case "idle":
      let options = DaemonArguments(arguments, known: ["seconds", "settle", "label"], usage: usage)
      IdleBenchmark(
        command: options.command, seconds: options.integer("seconds", default: 10),
        settleMilliseconds: options.integer("settle", default: 1000), label: label(options)
      ).run()
    case "ready":
      let options = DaemonArguments(arguments, known: ["runs", "label"], usage: usage)
      ReadyBenchmark(
        command: options.command, runs: options.integer("runs", default: 20), label: label(options)
      )
      .run()
    case "keys":
      let options = DaemonArguments(
        arguments,
        known: ["alerts", "warmup", "blocks", "rested", "rest-ms", "floor", "preload", "device", "label"],
        usage: usage)
      guard let testbed = getenv("UMOCKDEV_DIR").map({ String(cString: $0) }) else {
        fail("keymenu-bench keys runs inside umockdev-run (bench/keys.sh)")
      }
      let floor = options.text("floor", default: "")
      guard !floor.isEmpty else { fail("keymenu-bench keys needs --floor PROGRAM (bench/floor/key-line.c)") }
      let preload = options.text("preload", default: "")
      // By default the two sides alternate key by key: a burst of load on the
      // machine then falls on both alike.
      let alerts = options.integer("alerts", default: 1000)
      KeyLatencyBenchmark(
        device: options.text("device", default: "/dev/input/event3"), testbed: testbed, floorProgram: floor,
        daemonCommand: options.command, environment: preload.isEmpty ? [:] : ["LD_PRELOAD": preload],
        alerts: alerts, warmup: options.integer("warmup", default: 50),
        blocks: min(options.integer("blocks", default: alerts), alerts),
        rested: options.integer("rested", default: 0),
        restMilliseconds: options.integer("rest-ms", default: 2000),
        label: label(options)
      ).run()
    default:
      fail("usage: keymenu-bench rtt|subscribers|idle|ready|keys [OPTIONS] -- KEYMENUD ARGS...")
    }
  }

  /// Starts keymenud, waits for READY=1, runs `body`, stops it (it must exit 0).
  private static func withDaemon(_ options: DaemonArguments, _ body: (DaemonProcess) -> Void) {
    let daemon = DaemonProcess(command: options.command)
    _ = daemon.waitReady()
    body(daemon)
    daemon.stopCleanly()
  }

  private static func label(_ options: DaemonArguments) -> String {
    let text = options.text("label", default: "")
    return text.isEmpty ? "" : "[\(text)] "
  }
}
