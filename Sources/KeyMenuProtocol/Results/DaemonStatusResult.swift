/// `daemon.status`'s result: what keymenud is doing now.
public struct DaemonStatusResult: Codable, Sendable, Hashable {
  /// `keymenud`.
  public var name: String
  /// The daemon's version.
  public var version: String
  /// The protocol version (`protocol`).
  public var protocolVersion: Int
  /// Milliseconds since it started (`uptime_ms`).
  public var uptimeMilliseconds: Int
  /// Devices open.
  public var devices: Int
  /// Devices grabbed.
  public var grabbed: Int
  /// Alerts and menus on the modal stack (`modal_depth`).
  public var modalDepth: Int
  /// Connected clients.
  public var clients: Int
  /// How often the kernel dropped events and a device was resynced.
  public var resyncs: Int
  /// Every plugin, built-in and external.
  public var plugins: [Plugin]
  /// The configuration files read (`config`).
  public var configSources: [String]
  /// The grab policy (`grab`).
  public var grabPolicy: String
  /// Reloads so far.
  public var reloads: Int
  /// Why the last reload failed (`last_reload_error`, `null` when it did not).
  public var lastReloadError: String?

  /// The member that changes with every answer (`uptime_ms`), which a
  /// ``ResultTemplate`` of the result leaves to fill in.
  public static let uptimeMember = CodingKeys.uptimeMilliseconds.rawValue

  enum CodingKeys: String, CodingKey {
    case name, version, devices, grabbed, clients, resyncs, plugins, reloads
    case protocolVersion = "protocol"
    case uptimeMilliseconds = "uptime_ms"
    case modalDepth = "modal_depth"
    case configSources = "config"
    case grabPolicy = "grab"
    case lastReloadError = "last_reload_error"
  }

  /// One plugin in `plugins`.
  public struct Plugin: Codable, Sendable, Hashable {
    /// The plugin's name.
    public var name: String
    /// `builtin` or `external`.
    public var kind: String
    /// Whether the configuration enables it.
    public var enabled: Bool
    /// `running`, `disabled`, `failed`, `starting`, `restarting`, `given-up`, `exited`.
    public var state: String
    /// One line about what it does.
    public var summary: String
    /// Why it failed (`null` when it did not).
    public var error: String?
    /// External: restarts so far (only external plugins have the member).
    public var restarts: Int?
    /// External: the current run's pid (`null` between runs; only external
    /// plugins have the member).
    public var pid: Int?

    /// `kind` of a plugin that runs as a program of its own.
    public static let external = "external"

    enum CodingKeys: String, CodingKey { case name, kind, enabled, state, summary, error, restarts, pid }

    /// Creates a plugin entry; `restarts` and `pid` are written for an external one only.
    public init(
      name: String, kind: String, enabled: Bool, state: String, summary: String, error: String?,
      restarts: Int? = nil, pid: Int? = nil
    ) {
      self.name = name
      self.kind = kind
      self.enabled = enabled
      self.state = state
      self.summary = summary
      self.error = error
      self.restarts = restarts
      self.pid = pid
    }

    public func encode(to encoder: any Encoder) throws {
      // In the order of the keys on the wire (sorted): written as they come.
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(enabled, forKey: .enabled)
      try container.encodeOrNull(error, forKey: .error)
      try container.encode(kind, forKey: .kind)
      try container.encode(name, forKey: .name)
      if kind == Self.external {
        try container.encodeOrNull(pid, forKey: .pid)
        try container.encode(restarts ?? 0, forKey: .restarts)
      }
      try container.encode(state, forKey: .state)
      try container.encode(summary, forKey: .summary)
    }
  }

  /// Creates a result.
  public init(
    name: String = "keymenud", version: String, protocolVersion: Int = ProtocolLimits.version,
    uptimeMilliseconds: Int, devices: Int, grabbed: Int, modalDepth: Int, clients: Int, resyncs: Int,
    plugins: [Plugin], configSources: [String], grabPolicy: String, reloads: Int, lastReloadError: String?
  ) {
    self.name = name
    self.version = version
    self.protocolVersion = protocolVersion
    self.uptimeMilliseconds = uptimeMilliseconds
    self.devices = devices
    self.grabbed = grabbed
    self.modalDepth = modalDepth
    self.clients = clients
    self.resyncs = resyncs
    self.plugins = plugins
    self.configSources = configSources
    self.grabPolicy = grabPolicy
    self.reloads = reloads
    self.lastReloadError = lastReloadError
  }

  public func encode(to encoder: any Encoder) throws {
    // In the order of the keys on the wire (sorted), so that
    // OrderedJSONEncoder writes them as they come.
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(clients, forKey: .clients)
    try container.encode(configSources, forKey: .configSources)
    try container.encode(devices, forKey: .devices)
    try container.encode(grabPolicy, forKey: .grabPolicy)
    try container.encode(grabbed, forKey: .grabbed)
    try container.encodeOrNull(lastReloadError, forKey: .lastReloadError)
    try container.encode(modalDepth, forKey: .modalDepth)
    try container.encode(name, forKey: .name)
    try container.encode(plugins, forKey: .plugins)
    try container.encode(protocolVersion, forKey: .protocolVersion)
    try container.encode(reloads, forKey: .reloads)
    try container.encode(resyncs, forKey: .resyncs)
    try container.encode(uptimeMilliseconds, forKey: .uptimeMilliseconds)
    try container.encode(version, forKey: .version)
  }
}
