public import KeyMenuCore
public import KeyMenuEngineActor

/// A unit that extends keymenu: it registers handlers, selectors, services
/// or presenters through the ``PluginHost`` it is given.
///
/// Only ``name`` and ``register(with:)`` are required; every hook has a
/// default that does nothing, so a plugin implements just what it needs.
///
/// Plugins live on the engine thread (``EngineActor``): each hook runs
/// there, one thing at a time, so a plugin's state needs no lock. A
/// plugin with a thread of its own crosses back with
/// ``PluginHost/perform(_:)``.
@EngineActor
public protocol Plugin: AnyObject, Sendable {
  /// A short unique name, such as `alerts`; it keys the plugin's
  /// configuration section, attachments and owned objects.
  var name: String { get }

  /// Called once at start: register observers, selectors and services. A
  /// thrown error is reported and the plugin is left out, nothing else stops.
  func register(with host: any PluginHost) throws

  /// Called once when the plugin stops (shutdown, disabled, removed), in the
  /// reverse order of registration. The host then removes what it owned.
  func stop()

  /// A device was opened.
  func deviceAdded(_ device: DeviceInfo)

  /// A device went away.
  func deviceRemoved(_ device: DeviceInfo)

  /// The plugin's configuration section changed (a reload).
  func configurationChanged(_ configuration: PluginConfiguration)
}

extension Plugin {
  public func stop() {}
  public func deviceAdded(_ device: DeviceInfo) {}
  public func deviceRemoved(_ device: DeviceInfo) {}
  public func configurationChanged(_ configuration: PluginConfiguration) {}
}
