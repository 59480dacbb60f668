import Foundation
import Glibc
import KeyMenuCore
import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuRouting
import MenusPlugin
import Synchronization

/// Key routing with and without the presenters, in the same process and in
/// alternating rounds (so both see the same machine): two engines with the
/// same two-item menu; one also runs every presenter plugin. The keys move
/// the highlight and choose an item (Down, Enter), so each cycle changes the
/// modal stack and every presenter receives a snapshot, as in real use.
///
/// Reports the median and p99 of per-event time over batches of 1,000
/// events for each engine, and the ratio. Presenters do their work on their
/// own threads; what this measures is what they cost the routing thread.
struct PresenterRouteBenchmark {
  var keyEvents: Int
  var rounds = 10
  /// The presenters with the options they run with here.
  var presenters: [(descriptor: PluginDescriptor, options: PluginConfiguration)]

  /// One engine with the menu open, and how to feed it keys.
  @EngineActor
  final class Rig {
    /// Counts the selector closures run.
    final class Tally: Sendable {
      let count = Mutex(0)
    }

    let engine = Engine()
    let invoked = Tally()
    let menus = MenusPlugin()

    init(presenters: [(descriptor: PluginDescriptor, options: PluginConfiguration)]) {
      let invoked = invoked
      let louder = engine.registry.register(kind: "menu", title: "Louder", owner: .configuration) { _ in
        invoked.count.withLock { $0 += 1 }
      }
      let softer = engine.registry.register(kind: "menu", title: "Softer", owner: .configuration) { _ in
        invoked.count.withLock { $0 += 1 }
      }
      engine.start(menus)
      // Stands for keymenud's event hub, which always follows the modal
      // stack: the daemon pays for delivering modal.changed with or without
      // presenters, so both engines do.
      engine.start(
        InlinePlugin(name: "hub") { host in _ = host.observe(.modalChanged, tier: .passive) { _ in .pass } })
      for presenter in presenters {
        if let failure = engine.start(
          presenter.descriptor.make(), configuration: presenter.descriptor.withDefaults(presenter.options))
        {
          fail("\(failure)")
        }
      }
      guard let menus = engine.pluginNames.contains("menus") ? self.menus : nil else {
        fail("the menus plugin did not start")
      }
      menus.open(
        Menu(
          title: "Volume",
          items: [
            .action("Louder", selector: louder.rawValue, keepOpen: true),
            .action("Softer", selector: softer.rawValue, keepOpen: true),
          ]),
        owner: "bench"
      ) { _ in }
    }

    nonisolated static let cycle: [KeyEvent] = [(KeyCode.down, "KEY_DOWN"), (KeyCode.enter, "KEY_ENTER")]
      .flatMap {
        code, name in
        [KeyAction.down, .up].map {
          KeyEvent(code: code, name: name, action: $0, modifiers: [], device: DeviceID(1), time: .zero)
        }
      }

    /// Routes `count` events; appends the wall and routing-thread CPU
    /// seconds per event of each 1,000.
    func route(_ count: Int, wall: inout [Double], cpu: inout [Double]) {
      for _ in 0..<(count / 1_000) {
        let start = monotonicSeconds()
        let startCPU = threadCPUSeconds()
        for index in 0..<1_000 { engine.handle(Self.cycle[index % 4]) }
        cpu.append((threadCPUSeconds() - startCPU) / 1_000)
        wall.append((monotonicSeconds() - start) / 1_000)
      }
    }
  }

  @EngineActor
  func run() {
    let plain = Rig(presenters: [])
    let presented = Rig(presenters: presenters)
    var plainWall: [Double] = []
    var plainCPU: [Double] = []
    var presentedWall: [Double] = []
    var presentedCPU: [Double] = []
    for var times in [plainWall, plainCPU, presentedWall, presentedCPU] {
      times.reserveCapacity(keyEvents / 1_000)
    }
    let perRound = keyEvents / rounds
    for _ in 0..<rounds {
      plain.route(perRound, wall: &plainWall, cpu: &plainCPU)
      presented.route(perRound, wall: &presentedWall, cpu: &presentedCPU)
    }
    let expected = rounds * (perRound / 1_000) * 1_000 / 4
    for rig in [plain, presented] where rig.invoked.count.withLock({ $0 }) != expected {
      fail("a closure ran \(rig.invoked.count.withLock { $0 }) times, expected \(expected)")
    }
    for presenter in presenters { presented.engine.stop(presenter.descriptor.name) }
    let names = presenters.map(\.descriptor.name).joined(separator: ", ")
    let count = rounds * perRound
    for (what, plainTimes, presentedTimes) in [
      ("routing-thread CPU", plainCPU, presentedCPU), ("wall time", plainWall, presentedWall),
    ] {
      let (plainMedian, plainP99) = Self.summary(plainTimes)
      let (median, p99) = Self.summary(presentedTimes)
      print(
        "route (\(what)) without presenters: \(count) key events: median \(Int(plainMedian)) ns/event, "
          + "p99 \(Int(plainP99)) ns/event")
      print(
        "route (\(what)) with \(names): median \(Int(median)) ns/event, p99 \(Int(p99)) ns/event; "
          + "with/without: median \(String(format: "%.3f", median / plainMedian)), "
          + "p99 \(String(format: "%.3f", p99 / plainP99)) (issue 5 target: within 10%)")
    }
    print(
      "  method: two engines with the same menu and a passive modal.changed observer standing for keymenud's "
        + "event hub, Down+Enter cycles (a highlight move and a selector "
        + "invocation per 4 events), \(rounds) alternating rounds in one process; per batch of 1,000 events "
        + "the routing thread's CPU time (CLOCK_THREAD_CPUTIME_ID: its own work, including the presenters' "
        + "hand-over) and the wall time (which also counts presenter threads and other programs taking the core)"
    )
  }

  private static func summary(_ times: [Double]) -> (median: Double, p99: Double) {
    let sorted = times.sorted()
    return (sorted[sorted.count / 2] * 1e9, sorted[sorted.count * 99 / 100] * 1e9)
  }
}
