/// Why a configuration was refused: every error found, not just the first,
/// plus the warnings found on the way.
public struct ConfigErrors: Error, Hashable, Sendable, CustomStringConvertible {
  /// "1 error" or "N errors", for messages.
  public var countText: String { errors.count == 1 ? "1 error" : "\(errors.count) errors" }

  /// The errors, in file order, then line and column order.
  public var errors: [ConfigDiagnostic]
  /// The warnings, in the same order.
  public var warnings: [ConfigDiagnostic]
  /// The files that were read (or tried), in order.
  public var sources: [String]

  /// Creates the error.
  public init(errors: [ConfigDiagnostic], warnings: [ConfigDiagnostic] = [], sources: [String] = []) {
    self.errors = errors
    self.warnings = warnings
    self.sources = sources
  }

  /// Errors and warnings together in file, line and column order, as
  /// `keymenud --check` prints them.
  public var all: [ConfigDiagnostic] { DiagnosticOrder.sorted(errors + warnings, files: sources) }

  /// One diagnostic per line.
  public var description: String { all.map(\.description).joined(separator: "\n") }
}
