import KeyMenuConfig
import KeyMenuCore
import KeyMenuEvdev
import KeyMenuProtocol
import KeyMenuRouting
import KeyMenuServer
import Synchronization

/// The daemon's status as the socket server answers `hello` and
/// `daemon.status` without a trip to the engine thread.
///
/// The engine thread publishes a new value when something changes; readers
/// on the event loop copy it under a lock. `daemon.status` is serialized
/// once per change (``ResultTemplate``): a request only splices its id and
/// the uptime into the bytes.
final class StatusBoard: Sendable {
  /// What changes while the daemon runs, checked after every wake-up.
  struct Counts: Equatable, Sendable {
    var devices = 0
    var grabbed = 0
    var modalDepth = 0
    var clients = 0
    /// How often the kernel dropped events (`SYN_DROPPED`) and a device was resynced.
    var resyncs = 0
  }

  struct Status: Sendable {
    var counts = Counts()
    var plugins: [PluginStatus] = []
    var configSources: [String] = []
    var grabPolicy = ""
    var reloads = 0
    var lastReloadError: String?
  }

  /// The status and its `daemon.status` result, written when it changed.
  private struct Published: Sendable {
    var status = Status()
    var template: ResultTemplate
  }

  let version: String
  let startedAt = ContinuousClock.now
  private let published: Mutex<Published>

  /// Every method served and the tier it needs, for `hello`.
  let methodTiers: [String: Tier]
  /// Every topic of `events.subscribe` with the tier it needs (the plugin catalog's).
  let topics: [String: Tier]

  init(version: String, methodTiers: [String: Tier], topics: [String: Tier]) {
    self.version = version
    self.methodTiers = methodTiers
    self.topics = topics
    published = Mutex(
      Published(template: Self.template(Self.result(Status(), version: version, uptimeMilliseconds: 0))))
  }

  /// Replaces the published status, and writes its `daemon.status` result.
  func publish(_ update: (inout Status) -> Void) {
    published.withLock { published in
      update(&published.status)
      published.template = Self.template(
        Self.result(published.status, version: version, uptimeMilliseconds: 0))
    }
  }

  /// `daemon.status`'s result.
  var statusResult: DaemonStatusResult {
    Self.result(published.withLock { $0.status }, version: version, uptimeMilliseconds: uptimeMilliseconds)
  }

  /// `daemon.status`'s result as the route returns it.
  var statusJSON: JSONValue { JSONValue(encoding: statusResult) }

  /// The answer to `daemon.status` request `id`, newline included: the
  /// result written at the last change, with the uptime now.
  func statusLine(id: RPCID) -> SharedLine {
    let template = published.withLock { $0.template }
    let uptime = uptimeMilliseconds
    return SharedLine(capacity: template.capacity + 48) { append in
      template.write(id: id, uptime, to: append)
    }
  }

  /// Milliseconds since the daemon started.
  private var uptimeMilliseconds: Int {
    Int((ContinuousClock.now - startedAt).wholeMilliseconds)
  }

  private static func result(_ current: Status, version: String, uptimeMilliseconds: Int)
    -> DaemonStatusResult
  {
    DaemonStatusResult(
      version: version, uptimeMilliseconds: uptimeMilliseconds,
      devices: current.counts.devices, grabbed: current.counts.grabbed, modalDepth: current.counts.modalDepth,
      clients: current.counts.clients, resyncs: current.counts.resyncs,
      plugins: current.plugins.map(\.entry), configSources: current.configSources,
      grabPolicy: current.grabPolicy, reloads: current.reloads, lastReloadError: current.lastReloadError)
  }

  /// `result` written once, its uptime filled in per answer.
  private static func template(_ result: DaemonStatusResult) -> ResultTemplate {
    ResultTemplate(result, member: DaemonStatusResult.uptimeMember)
  }

  /// `hello`'s result for a client of `tier` (an external plugin also sees
  /// the plugin-only methods).
  func helloResult(tier: Tier, plugin: Bool) -> HelloResult {
    HelloResult(
      version: version, tier: tier.rawValue,
      capabilities: methodTiers.filter {
        tier >= $0.value && (plugin || !MethodCatalog.pluginOnly.contains($0.key))
      }
      .keys.sorted(),
      topics: topics.filter { tier >= $0.value }.keys.sorted())
  }

  /// `hello`'s result as the route returns it.
  func hello(tier: Tier, plugin: Bool) -> JSONValue {
    JSONValue(encoding: helloResult(tier: tier, plugin: plugin))
  }

  /// The answer to `hello` request `id`, newline included.
  func helloLine(id: RPCID, tier: Tier, plugin: Bool) -> [UInt8] {
    RPCOutgoing.resultLine(id: id, encoding: helloResult(tier: tier, plugin: plugin))
  }
}
