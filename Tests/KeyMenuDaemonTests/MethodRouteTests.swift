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
    #expect(Set(DaemonCore.routes.keys) == Set(MethodCatalog.methods.keys))
  }

  @Test func theMethodsAPersonAnswersAreTheOnesThatWaitForThem() {
    #expect(DaemonCore.answeredLater == ["menu.open", "menu.show"])
    #expect(DaemonCore.routes["menu.define"]?.plugin == nil, "menus are defined while the plugin is off too")
    let declared = BuiltinPlugins.catalog.declaredMethods
    #expect(declared["alert.show"]?.plugin == "alerts")
    #expect(declared["alert.show"]?.declaration.answeredLater == true)
    #expect(declared["alert.dismiss"]?.declaration.answeredLater == false)
  }

  @Test func noPluginTakesOverAMethodOfTheDaemon() {
    let declared = Set(BuiltinPlugins.catalog.declaredMethods.keys)
    #expect(declared.isDisjoint(with: DaemonCore.routes.keys))
    let greedy = PluginDescriptor(
      name: "greedy", summary: "", enabledByDefault: false,
      methods: [MethodDeclaration("config.reload", tier: .observe)]
    ) { fatalError("not started") }
    let catalog = PluginCatalog([greedy])
    #expect(catalog.declaredMethods.isEmpty)
    #expect(catalog.methodTiers["config.reload"] == .admin)
  }
}
