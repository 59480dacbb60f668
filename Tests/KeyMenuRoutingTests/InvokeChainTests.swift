import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuRouting
import Synchronization
import Testing

/// The registry refuses an invoke that would run an action already running
/// in its chain (a selector that invokes itself, a invokes b invokes a), so
/// a cycle made at run time (a plugin's selector, a wrapper) ends at once
/// instead of recursing until the stack overflows.
@Suite @EngineActor struct InvokeChainTests {
  /// A selector name decided after registration, for actions that name their own.
  final class Name: Sendable {
    let value = Mutex(Selector(""))
    var selector: Selector { value.withLock { $0 } }
  }

  @Test func aSelectorThatInvokesItselfRunsOnceAndIsRefusedOnce() throws {
    let refusals = Mutex<[SelectorError]>([])
    let registry = SelectorRegistry(onRefusal: { error in refusals.withLock { $0.append(error) } })
    let own = Name()
    let runs = Mutex(0)
    let selector = registry.register(kind: "loop", title: "Again", owner: .plugin("looper")) { [registry] _ in
      runs.withLock { $0 += 1 }
      try registry.invoke(own.selector, source: "plugin:looper")
    }
    own.value.withLock { $0 = selector }
    do {
      try registry.invoke(selector, source: "test")
      Issue.record("expected the cycle to be refused")
    } catch {
      #expect(error.code == .invokeCycle)
      #expect(
        error.message == "not invoking \(selector): it is already running in this chain of invokes "
          + "(\(selector) -> \(selector))")
    }
    #expect(runs.withLock { $0 } == 1)
    #expect(refusals.withLock { $0.map(\.code) } == [.invokeCycle], "reported once, where it was refused")
  }

  @Test func twoSelectorsThatInvokeEachOtherEachRunOnce() throws {
    let registry = SelectorRegistry()
    let log = Recorder()
    let a = registry.register(
      kind: "net", title: "Wired", owner: .configuration, stableName: Selector("net.wired")
    ) { [registry, log] _ in
      log.record("wired")
      try registry.invoke(Selector("net.wifi"), source: "config")
    }
    registry.register(kind: "net", title: "WiFi", owner: .configuration, stableName: Selector("net.wifi")) {
      [registry, log] _ in
      log.record("wifi")
      try registry.invoke(Selector("net.wired"), source: "config")
    }
    #expect(throws: SelectorError.self) { try registry.invoke(a, source: "test") }
    #expect(log.all == ["wired", "wifi"])
    do {
      try registry.invoke(Selector("net.wifi"), source: "test")
    } catch {
      #expect(error.code == .invokeCycle, "not wrapped as the outer selector's failure")
      #expect(error.message.hasSuffix("(net.wifi -> net.wired -> net.wifi)"), "\(error.message)")
    }
  }

  @Test func aChainCarriedThroughAQueuedJobIsRefusedToo() throws {
    // An action that invokes later (the daemon's configured items post a
    // job) hands the running chain on.
    let registry = SelectorRegistry()
    let queued = Mutex<[InvokeChain]>([])
    let selector = registry.register(
      kind: "net", title: "Wired", owner: .configuration, stableName: Selector("net.wired")
    ) { [weak registry] _ in
      queued.withLock { $0.append(registry?.runningChain ?? .empty) }
    }
    try registry.invoke(Selector("net.wired"), source: "menu")
    let chain = try #require(queued.withLock { $0.first })
    #expect(chain.count == 1)
    #expect(registry.runningChain == .empty, "nothing runs once it returned")
    do {
      try registry.invoke(Selector("net.wired"), source: "config", after: chain)
      Issue.record("expected the cycle to be refused")
    } catch {
      #expect(error.code == .invokeCycle)
    }
    #expect(queued.withLock { $0.count } == 1)
    // The same selector in a new chain (a person chose it again) runs.
    try registry.invoke(Selector("net.wired"), source: "menu")
    #expect(queued.withLock { $0.count } == 2)
    // A chain handed on is part of the chain the next action sees.
    let other = registry.register(kind: "net", title: "Other", owner: .configuration) { [weak registry] _ in
      queued.withLock { $0.append(registry?.runningChain ?? .empty) }
    }
    try registry.invoke(other, source: "config", after: chain)
    #expect(queued.withLock { $0.last?.count } == 2)
    let handedOn = try #require(queued.withLock { $0.last })
    do {
      try registry.invoke(other, source: "config", after: handedOn)
      Issue.record("expected the cycle to be refused")
    } catch {
      #expect(error.message.hasSuffix("(net.wired -> \(other) -> \(other))"), "\(error.message)")
    }
    _ = selector
  }

  @Test func aChainOfNewSelectorsStopsAtTheDepthLimit() throws {
    // Each action registers a new selector and invokes it: no selector
    // repeats, the depth limit ends it.
    let registry = SelectorRegistry()
    let runs = Mutex(0)
    @EngineActor func deeper(_ invocation: SelectorInvocation) throws {
      runs.withLock { $0 += 1 }
      let next = registry.register(kind: "deep", title: "Next", owner: .plugin("deep"), action: deeper)
      try registry.invoke(next, source: "plugin:deep")
    }
    let first = registry.register(kind: "deep", title: "First", owner: .plugin("deep"), action: deeper)
    do {
      try registry.invoke(first, source: "test")
      Issue.record("expected the chain to be refused")
    } catch {
      #expect(error.code == .invokeCycle)
      #expect(error.message.contains("32 selectors deep"))
    }
    #expect(runs.withLock { $0 } == SelectorRegistry.maximumChainDepth)
  }

  @Test func invokesOneAfterTheOtherAreNotAChain() throws {
    let registry = SelectorRegistry()
    let runs = Mutex(0)
    let selector = registry.register(kind: "menu", title: "Again", owner: .configuration) { _ in
      runs.withLock { $0 += 1 }
    }
    for _ in 0..<100 { try registry.invoke(selector, source: "test") }
    #expect(runs.withLock { $0 } == 100)
  }
}
