public import KeyMenuEngineActor
public import KeyMenuProtocol

/// Which client owns which modal: what `modal.press` asks before a key from
/// a client reaches the modal in front. The daemon provides one (a
/// service, ``PluginHost/provide(_:as:)``); each modal kind that takes keys
/// registers how it finds a connection's modal (its ``RequestBook``), and
/// removes that when it stops. The daemon never names a kind: it asks them
/// all.
@EngineActor
public final class ModalOwnership {
  /// The id of one of `connection`'s open modals that takes keys, named by
  /// the request that showed it or by its id; nil when the kind has none such.
  public typealias Lookup = @Sendable @EngineActor (_ connection: Int, _ target: DismissParams) -> String?

  private var lookups: [String: Lookup] = [:]

  /// An empty registry.
  nonisolated public init() {}

  /// Registers (or replaces) the lookup of the kind named `kind`.
  public func register(_ kind: String, _ lookup: @escaping Lookup) {
    lookups[kind] = lookup
  }

  /// Removes a kind's lookup.
  public func unregister(_ kind: String) {
    lookups.removeValue(forKey: kind)
  }

  /// The id of `connection`'s open modal that `target` names, from the
  /// first kind that knows it; nil when it is none of the connection's.
  public func modal(of connection: Int, named target: DismissParams) -> String? {
    for lookup in lookups.values {
      if let id = lookup(connection, target) { return id }
    }
    return nil
  }
}

extension RequestBook {
  /// The object of `connection` that `target` names: the one its request
  /// showed, or the given id when the connection owns it; nil otherwise.
  public func object(of connection: Int, named target: DismissParams) -> String? {
    if let request = target.request { return object(for: Key(connection: connection, request: request)) }
    guard let id = target.id, self.connection(connection, owns: id) else { return nil }
    return id
  }
}
