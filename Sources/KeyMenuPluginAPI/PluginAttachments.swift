public import KeyMenuCore
public import KeyMenuEngineActor

/// Names a kind of state a plugin attaches to core objects; the value type
/// is part of the key, so reads are typed.
public struct AttachmentKey<Value: Sendable>: Hashable, Sendable {
  /// The key's name, unique within one plugin.
  public let name: String
  /// Creates a key.
  public init(_ name: String) { self.name = name }
}

/// A core object that plugins can attach state to, without subclassing it.
public enum AttachmentSubject: Hashable, Sendable {
  case device(DeviceID)
  case alert(String)
  case menu(String)
}

/// Every plugin's attachments, owned by the engine. Plugins see it through
/// ``PluginAttachments``, which keeps each plugin in its own namespace.
@EngineActor
public final class AttachmentStore {
  struct Slot: Hashable, Sendable {
    let plugin: String
    let subject: AttachmentSubject
    let key: String
  }

  private var values: [Slot: any Sendable] = [:]

  /// An empty store.
  nonisolated public init() {}

  func get<Value>(_ slot: Slot, as type: Value.Type) -> Value? {
    values[slot] as? Value
  }

  func set(_ value: (any Sendable)?, _ slot: Slot) {
    values[slot] = value
  }

  /// Drops everything attached to a subject (a device that went away, an
  /// answered alert, a closed menu).
  public func removeAll(on subject: AttachmentSubject) {
    values = values.filter { $0.key.subject != subject }
  }

  /// Drops everything a plugin attached (the plugin stopped).
  public func removeAll(ownedBy plugin: String) {
    values = values.filter { $0.key.plugin != plugin }
  }

  /// The view one plugin gets.
  public func view(for plugin: String) -> PluginAttachments {
    PluginAttachments(store: self, plugin: plugin)
  }
}

/// One plugin's attachments: typed values keyed by ``AttachmentKey`` on an
/// ``AttachmentSubject``. Two plugins using the same key name never collide.
@EngineActor
public struct PluginAttachments: Sendable {
  let store: AttachmentStore
  let plugin: String

  /// The value attached under `key` to `subject`, if any.
  public subscript<Value>(key: AttachmentKey<Value>, on subject: AttachmentSubject) -> Value? {
    get { store.get(.init(plugin: plugin, subject: subject, key: key.name), as: Value.self) }
    nonmutating set { store.set(newValue, .init(plugin: plugin, subject: subject, key: key.name)) }
  }
}
