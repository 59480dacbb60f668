import Glibc
import KeyMenuCore
import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuRouting
import MenusPlugin
import Synchronization

/// Key event -> `Engine.handle` (panic check, notification center) -> the
/// Menus plugin's modal handler (a `MenuMachine`) -> `SelectorRegistry.invoke`
/// -> the item's closure, with the engine's modal-stack tracker and the
/// plugin's `menu.selected` notifications: the path a daemon runs.
///
/// The menu has one keep-open item bound to a selector, so every Enter `down`
/// invokes the closure and every `up` is consumed as the matching release.
/// Prints the median and p99 of per-event time over batches of 1,000 events,
/// and the resident memory before, after 10 % and at the end.
///
/// Runs on the engine's isolation domain, entered once for the whole run
/// (``EngineExecutor/runIsolated(_:)``), as the daemon's engine thread does.
struct RouteBenchmark {
  var keyEvents: Int

  @EngineActor
  func run() {
    let engine = Engine()
    let invoked = Mutex(0)
    let selector = engine.registry.register(kind: "menu", title: "Louder", owner: .configuration) { _ in
      invoked.withLock { $0 += 1 }
    }
    let menus = MenusPlugin()
    if let failure = engine.start(menus) { fail("the menus plugin did not start: \(failure)") }
    menus.open(
      Menu(title: "Volume", items: [.action("Louder", selector: selector.rawValue, keepOpen: true)]),
      owner: "bench"
    ) { _ in }
    let down = KeyEvent(
      code: .enter, name: "KEY_ENTER", action: .down, modifiers: [], device: DeviceID(1), time: .zero)
    var up = down
    up.action = .up

    let batch = 1_000
    // Filled in place: appending would fault in new pages and look like growth.
    var perEvent = [Double](repeating: 0, count: keyEvents / batch)
    let rssBefore = residentKilobytes()
    var rssAtTenth = 0
    for round in 0..<(keyEvents / batch) {
      let start = monotonicSeconds()
      for index in 0..<batch {
        engine.handle(index % 2 == 0 ? down : up)
      }
      perEvent[round] = (monotonicSeconds() - start) / Double(batch)
      if round == keyEvents / batch / 10 { rssAtTenth = residentKilobytes() }
    }
    let rssAfter = residentKilobytes()
    perEvent.sort()
    let median = perEvent[perEvent.count / 2] * 1e9
    let p99 = perEvent[perEvent.count * 99 / 100] * 1e9
    let calls = invoked.withLock { $0 }
    guard calls == keyEvents / 2 else { fail("closure ran \(calls) times, expected \(keyEvents / 2)") }
    print(
      "route: \(keyEvents) key events (\(calls) selector invocations): median \(Int(median)) ns/event, "
        + "p99 \(Int(p99)) ns/event; RSS \(rssBefore) kB before, \(rssAtTenth) kB after 10%, "
        + "\(rssAfter) kB at the end")
  }

  private func residentKilobytes() -> Int {
    guard let file = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(file) }
    var size = 0
    var resident = 0
    _ = withUnsafeMutablePointer(to: &size) { sizePointer in
      withUnsafeMutablePointer(to: &resident) { residentPointer in
        withVaList([sizePointer, residentPointer]) { vfscanf(file, "%d %d", $0) }
      }
    }
    return resident * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
  }
}
