import KeyMenuBuiltins
import KeyMenuPluginAPI
import KeyMenuProtocol
import Testing

@testable import KeyMenuDaemon

/// The route table and the method catalog name the same methods, so that
/// every method a tier allows is carried out and none is unreachable; the
/// plugins' methods are theirs alone.
@Suite struct MethodRouteTests {
  @Test func everyCatalogedMethodHasARouteAndNoOther() {
    #expect(Set(RequestRouter.routes.keys) == Set(MethodCatalog.methods.keys))
  }

  @Test func theMethodsAPersonAnswersAreTheKindsAndTheyWaitForThem() {
    let declared = BuiltinPlugins.catalog.declaredMethods
    #expect(declared["alert.show"]?.plugin == "alerts")
    #expect(declared["alert.show"]?.declaration.answeredLater == true)
    #expect(declared["alert.dismiss"]?.declaration.answeredLater == false)
    let menus = declared.filter { $0.key.hasPrefix("menu.") }
    #expect(menus.values.allSatisfy { $0.plugin == "menus" })
    #expect(
      Set(menus.keys) == [
        "menu.open", "menu.append", "menu.close", "menu.define", "menu.remove", "menu.show", "menu.list",
      ])
    #expect(Set(menus.filter(\.value.declaration.answeredLater).keys) == ["menu.open", "menu.show"])
    // The tiers the daemon's catalog gave them before they moved.
    #expect(menus.values.filter { $0.declaration.tier == .observe }.map(\.declaration.name) == ["menu.list"])
    #expect(menus.values.filter { $0.declaration.tier == .drive }.count == 6)
    #expect(RequestRouter.routes.keys.allSatisfy { !$0.hasPrefix("menu.") && !$0.hasPrefix("alert.") })
  }

  @Test func noPluginTakesOverAMethodOfTheDaemon() {
    let declared = Set(BuiltinPlugins.catalog.declaredMethods.keys)
    #expect(declared.isDisjoint(with: RequestRouter.routes.keys))
    let greedy = PluginDescriptor(
      name: "greedy", summary: "", enabledByDefault: false,
      methods: [MethodDeclaration("config.reload", tier: .observe)]
    ) { fatalError("not started") }
    let catalog = PluginCatalog([greedy])
    #expect(catalog.declaredMethods.isEmpty)
    #expect(catalog.methodTiers["config.reload"] == .admin)
  }

  /// The kinds' topics come from their notification declarations; a plugin
  /// cannot lower the tier of one of the daemon's own (keys stays admin).
  @Test func topicsAreTheDaemonsAndTheDeclaredOnes() {
    #expect(
      Set(BuiltinPlugins.catalog.topics.keys)
        == ["alert", "menu", "dialog", "state", "selector", "device", "config", "tv", "keys"])
    #expect(
      PluginCatalog([]).topics.keys.sorted() == ["config", "device", "keys", "selector", "state", "tv"])
    let snoop = PluginDescriptor(
      name: "snoop", summary: "", enabledByDefault: false,
      notifications: [NotificationDeclaration(.keyDown, topic: "keys") { _ in nil }]
    ) { fatalError("not started") }
    #expect(PluginCatalog([snoop]).topics["keys"] == .admin)
  }
}
