import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuRouting
import Synchronization
import Testing

struct Boom: Error, CustomStringConvertible {
  var description: String { "boom" }
}

/// A random source that plays back fixed values, for collision tests.
final class Sequence32: Sendable {
  private let values: Mutex<[UInt32]>
  init(_ values: [UInt32]) { self.values = Mutex(values) }
  func next() -> UInt32 { values.withLock { $0.isEmpty ? 0xffff_ffff : $0.removeFirst() } }
}

@Suite @EngineActor struct SelectorRegistryTests {
  let log = Recorder()

  @Test func aStableNameReachesItsSelectorUntilItIsRemoved() throws {
    let registry = SelectorRegistry()
    let ran = Mutex(0)
    let first = registry.register(
      kind: "box", title: "Show IP", owner: .configuration, stableName: Selector("box.show-ip")
    ) {
      _ in ran.withLock { $0 += 1 }
    }
    try registry.invoke(Selector("box.show-ip"), source: "test")
    #expect(ran.withLock { $0 } == 1)
    #expect(registry.info(Selector("box.show-ip"))?.selector == first)
    #expect(registry.info(first)?.stableName == Selector("box.show-ip"))
    let other = registry.register(
      kind: "box", title: "x", owner: .configuration, stableName: Selector("box.show-ip")
    ) {
      _ in
    }
    #expect(registry.info(other)?.stableName == nil, "a taken stable name is not moved")
    registry.removeAll(ownedBy: .configuration)
    #expect(throws: SelectorError.self) { try registry.invoke(Selector("box.show-ip"), source: "test") }
    let again = registry.register(
      kind: "box", title: "Show IP", owner: .configuration, stableName: Selector("box.show-ip")
    ) {
      _ in ran.withLock { $0 += 10 }
    }
    #expect(again != first, "a new selector, the same stable name")
    try registry.invoke(Selector("box.show-ip"), source: "test")
    #expect(ran.withLock { $0 } == 11)
    registry.remove(again)
    #expect(registry.info(Selector("box.show-ip")) == nil)
  }

  @Test func namesAreKindSlugAndEightHexDigits() {
    let registry = SelectorRegistry()
    let name = registry.register(kind: "menu", title: "Reboot now!", owner: .configuration) { _ in }.rawValue
    #expect(name.hasPrefix("menu.reboot-now."))
    let ending = name.dropFirst("menu.reboot-now.".count)
    #expect(ending.count == 8 && ending.allSatisfy { $0.isHexDigit && !$0.isUppercase }, "\(name)")
  }

  @Test func slugs() {
    #expect(Selector.slug("Reboot now!") == "reboot-now")
    #expect(Selector.slug("  --Shut   Down--  ") == "shut-down")
    #expect(Selector.slug("") == "item")
    #expect(Selector.slug("✓✓✓") == "item")
    #expect(Selector.slug("Café 2 go") == "caf-2-go")
    #expect(Selector.slug(String(repeating: "abc ", count: 20)).count <= 32)
  }

  @Test func theSeedDecidesTheNames() {
    func names(_ seed: UInt32) -> [String] {
      let values = Sequence32([seed, seed &+ 1, seed &+ 2, seed &+ 3, seed &+ 4])
      let registry = SelectorRegistry(random: values.next)
      return (0..<3).map { _ in
        registry.register(kind: "menu", title: "Play", owner: .configuration) { _ in }.rawValue
      }
    }
    #expect(names(7) == names(7))
    #expect(names(7) != names(8))
  }

  @Test func sameTitleGivesDistinctSelectorsWhateverTheRandomSource() {
    let registry = SelectorRegistry(random: { 1 })
    let names = (0..<10_000).map { _ in
      registry.register(kind: "menu", title: "Play", owner: .configuration) { _ in }
    }
    #expect(Set(names).count == names.count)
  }

  @Test func removedNamesAreNeverReused() {
    let registry = SelectorRegistry(random: { 5 })
    var seen: Set<Selector> = []
    for _ in 0..<10_000 {
      let selector = registry.register(kind: "menu", title: "Play", owner: .configuration) { _ in }
      #expect(seen.insert(selector).inserted)
      #expect(registry.remove(selector))
    }
  }

  @Test func invokeRunsTheActionWithItsContext() throws {
    let registry = SelectorRegistry()
    let selector = registry.register(kind: "menu", title: "Reboot", owner: .plugin("power")) { [log] in
      log.record("\($0.info.title) from \($0.source) owned by \($0.info.owner)")
    }
    try registry.invoke(selector, source: "hotkey")
    #expect(log.all == ["Reboot from hotkey owned by plugin:power"])
    #expect(registry.info(selector)?.kind == "menu")
  }

  @Test func unknownAndRemovedSelectorsAreTypedErrors() {
    let registry = SelectorRegistry()
    let selector = registry.register(kind: "menu", title: "Gone", owner: .configuration) { _ in }
    registry.remove(selector)
    #expect(throws: SelectorError.self) { try registry.invoke(selector, source: "test") }
    do {
      try registry.invoke(selector, source: "test")
    } catch {
      #expect(error.code == .removedSelector)
    }
    do {
      try registry.invoke(Selector("menu.never.00000000"), source: "test")
    } catch {
      #expect(error.code == .unknownSelector)
      #expect(error.message.contains("menu.never.00000000"))
    }
  }

  @Test func aThrowingActionIsCaughtAndTheRegistryGoesOn() throws {
    let registry = SelectorRegistry()
    let bad = registry.register(kind: "menu", title: "Bad", owner: .configuration) { _ in throw Boom() }
    let good = registry.register(kind: "menu", title: "Good", owner: .configuration) { [log] _ in
      log.record("good")
    }
    do {
      try registry.invoke(bad, source: "test")
      Issue.record("expected an error")
    } catch {
      #expect(error.code == .actionFailed)
      #expect(error.message.contains("boom"))
    }
    try registry.invoke(good, source: "test")
    #expect(log.all == ["good"])
  }

  @Test func removingAnOwnerRemovesItsSelectorsAndWrappersOnly() throws {
    let registry = SelectorRegistry()
    let mine = registry.register(kind: "menu", title: "Mine", owner: .client(1)) { _ in }
    let theirs = registry.register(kind: "menu", title: "Theirs", owner: .configuration) { [log] _ in
      log.record("theirs")
    }
    _ = try registry.wrapBefore(theirs, owner: .client(1)) { [log] _ in log.record("client wrapper") }
    try registry.invoke(theirs, source: "test")
    #expect(registry.removeAll(ownedBy: .client(1)) == [mine])
    try registry.invoke(theirs, source: "test")
    #expect(log.all == ["client wrapper", "theirs", "theirs"])
    #expect(registry.all.map(\.selector) == [theirs])
  }

  @Test func wrappersRunBeforeAfterAndAroundNewestOutermost() throws {
    let registry = SelectorRegistry()
    let selector = registry.register(kind: "menu", title: "Act", owner: .configuration) { [log] _ in
      log.record("action")
    }
    let before = try registry.wrapBefore(selector, owner: .plugin("a")) { [log] _ in log.record("before") }
    _ = try registry.wrapAfter(selector, owner: .plugin("b")) { [log] _ in log.record("after") }
    _ = try registry.wrap(selector, owner: .plugin("c")) { [log] _, original in
      log.record("around<")
      try original()
      log.record(">around")
    }
    try registry.invoke(selector, source: "test")
    #expect(log.all == ["around<", "before", "action", "after", ">around"])
    #expect(registry.unwrap(before))
    #expect(!registry.unwrap(before))
  }

  @Test func aReplacementNeedNotCallTheOriginalAndRemovingItRestoresIt() throws {
    let registry = SelectorRegistry()
    let selector = registry.register(kind: "menu", title: "Act", owner: .configuration) { [log] _ in
      log.record("original")
    }
    let token = try registry.wrap(selector, owner: .plugin("x")) { [log] _, _ in log.record("replacement") }
    try registry.invoke(selector, source: "test")
    registry.unwrap(token)
    try registry.invoke(selector, source: "test")
    #expect(log.all == ["replacement", "original"])
    #expect(throws: SelectorError.self) {
      _ = try registry.wrap(Selector("x.y.00000000"), owner: .plugin("x")) { _, _ in }
    }
  }

  /// Actions run outside the lock: they may register and invoke selectors.
  @Test func actionsMayUseTheRegistry() throws {
    let registry = SelectorRegistry()
    let inner = registry.register(kind: "menu", title: "Inner", owner: .configuration) { [log] _ in
      log.record("inner")
    }
    let outer = registry.register(kind: "menu", title: "Outer", owner: .configuration) { [log] _ in
      log.record("outer")
      _ = registry.register(kind: "menu", title: "Made inside", owner: .configuration) { _ in }
      try registry.invoke(inner, source: "nested")
    }
    try registry.invoke(outer, source: "test")
    #expect(log.all == ["outer", "inner"])
    #expect(registry.all.count == 3)
  }
}
