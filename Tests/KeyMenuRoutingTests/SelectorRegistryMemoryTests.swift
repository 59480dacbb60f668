import KeyMenuEngineActor
import KeyMenuPluginAPI
import Synchronization
import Testing

@testable import KeyMenuRouting

/// Regression (found by `make soak`): the registry kept every name it had
/// ever handed out, so that none was reused, and keymenud grew without
/// bound while clients opened and closed menus (4.7 MB after 30,000
/// four-item menus). Now names are unique by construction
/// (``SelectorNumbering``) and the registry holds only live selectors.
@Suite @EngineActor struct SelectorRegistryMemoryTests {
  /// The largest collection in the registry's state.
  static func largestCollection(in registry: SelectorRegistry) -> (name: String, count: Int) {
    var largest = (name: "", count: 0)
    for child in Mirror(reflecting: registry.state).children {
      if let collection = child.value as? any Collection, collection.count > largest.count {
        largest = (child.label ?? "?", collection.count)
      }
    }
    return largest
  }

  @Test func selectorsRegisteredAndRemovedLeaveNothingBehind() {
    let registry = SelectorRegistry()
    let kept = registry.register(kind: "menu", title: "Kept", owner: .configuration) { _ in }
    var removed: [Selector] = []
    for index in 0..<50_000 {
      let selector = registry.register(kind: "menu", title: "Item \(index % 7)", owner: .client(1)) { _ in }
      registry.remove(selector)
      if index % 10_000 == 0 { removed.append(selector) }
    }
    let largest = Self.largestCollection(in: registry)
    #expect(largest.count <= 1, "\(largest.name) holds \(largest.count) entries for 1 live selector")
    #expect(registry.all.map(\.selector) == [kept])
    for selector in removed {
      #expect(throws: SelectorError.removed(selector)) { try registry.invoke(selector, source: "test") }
    }
  }
}
