import KeyMenuProtocol
import Testing

@testable import KeyMenuDaemon

/// The route table and the method catalog name the same methods, so that
/// every method a tier allows is carried out and none is unreachable.
@Suite struct MethodRouteTests {
  @Test func everyCatalogedMethodHasARouteAndNoOther() {
    #expect(Set(DaemonCore.routes.keys) == Set(MethodCatalog.methods.keys))
  }

  @Test func theMethodsAPersonAnswersAreTheOnesThatWaitForThem() {
    #expect(DaemonCore.answeredLater == ["alert.show", "menu.open", "menu.show"])
    #expect(DaemonCore.routes["alert.show"]?.plugin == "alerts")
    #expect(DaemonCore.routes["menu.define"]?.plugin == nil, "menus are defined while the plugin is off too")
  }
}
