public import KeyMenuProtocol

/// The plugins a daemon is built with, and the socket methods they declare:
/// what `[plugins.NAME]` sections may name, what the configuration is
/// checked against, and which plugin carries out each declared method.
///
/// The daemon is given its catalog (keymenud's is `BuiltinPlugins.catalog`),
/// so adding a plugin, a modal kind included, changes no daemon file.
public struct PluginCatalog: Sendable {
  /// Every plugin's descriptor, in start order.
  public let descriptors: [PluginDescriptor]
  /// The methods the plugins declare, by name, each with its plugin's name.
  public let declaredMethods: [String: (plugin: String, declaration: MethodDeclaration)]
  /// Every method served, with the lowest tier that may call it: the
  /// protocol's own (``MethodCatalog/methods``) and the plugins'.
  public let methodTiers: [String: Tier]
  /// Every topic of `events.subscribe`, with the tier it needs: the daemon's
  /// own (``MethodCatalog/topics``) and those of the notifications the
  /// plugins declare (observe).
  public let topics: [String: Tier]

  /// A catalog of `descriptors`; a method two plugins declare is the first's,
  /// and the protocol's own methods cannot be taken over.
  public init(_ descriptors: [PluginDescriptor]) {
    self.descriptors = descriptors
    var declared: [String: (plugin: String, declaration: MethodDeclaration)] = [:]
    for descriptor in descriptors {
      for method in descriptor.methods where declared[method.name] == nil {
        guard MethodCatalog.methods[method.name] == nil else { continue }
        declared[method.name] = (descriptor.name, method)
      }
    }
    self.declaredMethods = declared
    self.methodTiers = MethodCatalog.methods.merging(declared.mapValues(\.declaration.tier)) { own, _ in own }
    let declaredTopics = descriptors.flatMap(\.notifications).map { ($0.topic, Tier.observe) }
    self.topics = MethodCatalog.topics.merging(declaredTopics) { own, _ in own }
  }

  /// The descriptor named `name`.
  public func descriptor(named name: String) -> PluginDescriptor? {
    descriptors.first { $0.name == name }
  }
}
