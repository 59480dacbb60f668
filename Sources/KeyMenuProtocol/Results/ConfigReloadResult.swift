/// `config.reload`'s result when the new configuration is in force.
public struct ConfigReloadResult: Codable, Sendable, Hashable {
  /// Always `true` (a refused reload is the error `-32006`, ``ConfigErrorsData``).
  public var ok: Bool
  /// The files read.
  public var sources: [String]
  /// Each warning as `file:line:column: message`.
  public var warnings: [String]

  /// Creates a result.
  public init(sources: [String], warnings: [String]) {
    self.ok = true
    self.sources = sources
    self.warnings = warnings
  }
}

/// The `data` of `-32006` (the configuration could not be loaded).
public struct ConfigErrorsData: Codable, Sendable, Hashable {
  /// Each error as `file:line:column: message`.
  public var errors: [String]

  /// Creates the data.
  public init(errors: [String]) { self.errors = errors }
}
