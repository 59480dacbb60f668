import KeyMenuBuiltins
import KeyMenuKinds
import KeyMenuPluginAPI
import Testing

/// keymenud's catalog: the modal kinds first, then the presenters, each once.
@Suite struct BuiltinPluginsTests {
  static let names = BuiltinPlugins.catalog.descriptors.map(\.name)

  @Test func everyBuiltinDescriptorOnceWithUniqueNames() {
    #expect(Set(Self.names).count == Self.names.count, "\(Self.names)")
    #expect(Self.names.count == ModalKinds.catalog.descriptors.count + 3)
    for presenter in ["speech", "console", "notify"] {
      #expect(Self.names.filter { $0 == presenter }.count == 1, "\(presenter)")
    }
  }

  @Test func everyModalKindIsIncludedFirstInItsOrder() {
    let kinds = ModalKinds.catalog.descriptors.map(\.name)
    #expect(Array(Self.names.prefix(kinds.count)) == kinds)
    #expect(Array(Self.names.dropFirst(kinds.count)) == ["speech", "console", "notify"])
  }

  @Test func everyKindsMethodIsServedByItsKind() {
    for descriptor in ModalKinds.catalog.descriptors {
      for method in descriptor.methods {
        #expect(
          BuiltinPlugins.catalog.declaredMethods[method.name]?.plugin == descriptor.name, "\(method.name)")
        #expect(BuiltinPlugins.catalog.methodTiers[method.name] == method.tier, "\(method.name)")
      }
    }
  }

  @Test func noTwoBuiltinsDeclareTheSameMethodOrActionKey() {
    let methods = BuiltinPlugins.catalog.descriptors.flatMap { $0.methods.map(\.name) }
    #expect(Set(methods).count == methods.count)
    #expect(BuiltinPlugins.catalog.declaredMethods.count == methods.count)
    for descriptor in BuiltinPlugins.catalog.descriptors {
      let keys = descriptor.actions.map(\.key)
      #expect(Set(keys).count == keys.count, "\(descriptor.name)")
      #expect(BuiltinPlugins.catalog.descriptor(named: descriptor.name)?.name == descriptor.name)
    }
    #expect(BuiltinPlugins.catalog.descriptor(named: "nonexistent") == nil)
  }
}
