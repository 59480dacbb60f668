import KeyMenuCore
import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuRouting
import Synchronization
import Testing

/// A plugin whose behaviour a test sets up through closures.
final class ProbePlugin: Plugin {
  let name: String
  let onRegister: @Sendable @EngineActor (any PluginHost) throws -> Void
  let log: Recorder

  init(
    _ name: String, log: Recorder,
    onRegister: @escaping @Sendable @EngineActor (any PluginHost) throws -> Void = { _ in }
  ) {
    self.name = name
    self.log = log
    self.onRegister = onRegister
  }

  func register(with host: any PluginHost) throws {
    log.record("\(name): register")
    try onRegister(host)
  }

  func stop() { log.record("\(name): stop") }
  func deviceAdded(_ device: DeviceInfo) { log.record("\(name): added \(device.identity.path)") }
  func deviceRemoved(_ device: DeviceInfo) { log.record("\(name): removed \(device.identity.path)") }
}

protocol Greeting: Sendable { func greet() -> String }
struct Hello: Greeting { func greet() -> String { "hello" } }

@Suite @EngineActor struct EngineTests {
  let log = Recorder()

  @Test func clockRunsTimersInDeadlineOrderIncludingOnesScheduledOnTheWay() {
    var clock = EngineClock()
    let late = clock.schedule(after: .milliseconds(30))
    let early = clock.schedule(after: .milliseconds(10))
    let cancelled = clock.schedule(after: .milliseconds(20))
    let wasPending = clock.cancel(cancelled)
    #expect(wasPending)
    #expect(clock.nextDeadline == .milliseconds(10))
    let first = clock.popDue(before: .milliseconds(25))
    #expect(first == early)
    #expect(clock.now == .milliseconds(10))
    let added = clock.schedule(after: .milliseconds(5))
    let second = clock.popDue(before: .milliseconds(25))
    #expect(second == added)
    let none = clock.popDue(before: .milliseconds(25))
    #expect(none == nil)
    #expect(clock.now == .milliseconds(25))
    let last = clock.popDue(before: .seconds(1))
    #expect(last == late)
  }

  @Test func stoppingAPluginRemovesEverythingItOwnedAndRestoresWhatItWrapped() throws {
    let engine = Engine()
    let base = engine.registry.register(kind: "menu", title: "Base", owner: .configuration) { [log] _ in
      log.record("base action")
    }
    let key = AttachmentKey<Int>("count")
    let fired = Recorder()
    let probe = ProbePlugin("probe", log: log) { [log] host in
      _ = host.observe(nil, tier: .passive) {
        log.record("saw \($0.name)"); return .pass
      }
      _ = host.registerSelector(kind: "plugin", title: "Mine") { _ in }
      _ = try host.wrap(base) { _, original in
        log.record("wrapped")
        try original()
      }
      _ = host.schedule(after: .seconds(1)) { fired.record("timer") }
      host.provide(Hello() as any Greeting, as: (any Greeting).self)
      host.attachments[key, on: .menu("m")] = 1
    }
    let enginesOwn = engine.center.observerCounts.passive
    #expect(engine.start(probe) == nil)
    #expect(engine.center.observerCounts.passive == enginesOwn + 1)
    try engine.registry.invoke(base, source: "test")
    engine.center.post(Notification("ping"))
    #expect(engine.stop("probe"))
    #expect(!engine.stop("probe"))
    try engine.registry.invoke(base, source: "test")
    engine.center.post(Notification("pong"))
    engine.advance(by: .seconds(2))
    #expect(
      log.all == ["probe: register", "wrapped", "base action", "saw ping", "probe: stop", "base action"])
    #expect(fired.all.isEmpty)
    #expect(engine.registry.all.map(\.title) == ["Base"])
    #expect(engine.center.observerCounts == (0, 0, enginesOwn))
    #expect(engine.attachments.view(for: "probe")[key, on: .menu("m")] == nil)
  }

  @Test func aPluginThatFailsToStartLeavesNothingBehindAndOthersRun() {
    struct Broken: Error {}
    let engine = Engine()
    let failures = Recorder()
    _ = engine.center.observe(.pluginFailed) {
      failures.record("\($0.payload(as: PluginFailure.self)!.plugin)")
    }
    let good = ProbePlugin("good", log: log) { host in
      _ = host.registerSelector(kind: "plugin", title: "Good") { _ in }
    }
    let bad = ProbePlugin("bad", log: log) { host in
      _ = host.registerSelector(kind: "plugin", title: "Half done") { _ in }
      _ = host.observe(nil, tier: .modal) { _ in .consume }
      throw Broken()
    }
    #expect(engine.start(good) == nil)
    let failure = engine.start(bad)
    #expect(failure?.plugin == "bad")
    #expect(failure?.message.contains("failed to start") == true)
    #expect(failures.all == ["bad"])
    #expect(engine.pluginNames == ["good"])
    #expect(engine.registry.all.map(\.title) == ["Good"])
    #expect(engine.center.observerCounts.modal == 0)
    #expect(engine.start(ProbePlugin("good", log: log))?.message.contains("already running") == true)
  }

  @Test func servicesAreSharedBetweenPlugins() {
    let engine = Engine()
    let answer = Recorder()
    engine.start(
      ProbePlugin("provider", log: log) { $0.provide(Hello() as any Greeting, as: (any Greeting).self) })
    engine.start(
      ProbePlugin("user", log: log) { host in
        answer.record(host.service((any Greeting).self)?.greet() ?? "none")
      })
    engine.stop("provider")
    engine.start(
      ProbePlugin("late", log: log) { host in
        answer.record(host.service((any Greeting).self)?.greet() ?? "none")
      })
    #expect(answer.all == ["hello", "none"])
  }

  @Test func thePanicChordBeatsTheModalHandler() {
    let engine = Engine()
    let panics = Recorder()
    _ = engine.center.addObserver(tier: .modal) { _ in .consume }
    _ = engine.center.observe(.panic) { _ in panics.record("panic") }
    let chord = KeyEvent(
      code: .escape, name: "KEY_ESC", action: .down, modifiers: [.leftCtrl, .leftAlt], device: DeviceID(1),
      time: .zero)
    #expect(engine.handle(chord) == .consumedByHotkey)
    var plain = chord
    plain.modifiers = []
    #expect(engine.handle(plain) == .consumedByModal)
    #expect(panics.all == ["panic"])
  }

  /// A plugin's `perform` goes through the driver's hand-over, not inline.
  @Test func performHandsJobsToTheDriver() {
    let handedOver = Mutex<[@Sendable @EngineActor () -> Void]>([])
    let engine = Engine(perform: { job in handedOver.withLock { $0.append(job) } })
    engine.start(ProbePlugin("one", log: log) { [log] host in host.perform { log.record("job ran") } })
    #expect(log.all == ["one: register"])
    for job in handedOver.withLock({ $0 }) { job() }
    #expect(log.all == ["one: register", "job ran"])
  }

  @Test func pluginsHearAboutDevicesInStartOrderAndStopInReverse() {
    let engine = Engine()
    engine.start(ProbePlugin("one", log: log))
    engine.start(ProbePlugin("two", log: log))
    let device = DeviceInfo(
      id: DeviceID(7), identity: DeviceIdentity(path: "/dev/input/event7", name: "kbd"),
      capabilities: DeviceCapabilities(keys: [.enter]),
      classification: DeviceClassification(DeviceCapabilities(keys: [.enter])))
    engine.attachments.view(for: "one")[AttachmentKey<Int>("x"), on: .device(DeviceID(7))] = 1
    engine.deviceAdded(device)
    engine.deviceRemoved(device)
    engine.stopAll()
    #expect(
      log.all == [
        "one: register", "two: register", "one: added /dev/input/event7", "two: added /dev/input/event7",
        "one: removed /dev/input/event7", "two: removed /dev/input/event7", "two: stop", "one: stop",
      ])
    #expect(engine.attachments.view(for: "one")[AttachmentKey<Int>("x"), on: .device(DeviceID(7))] == nil)
  }
}
