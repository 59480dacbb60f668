/// Collects errors and warnings while a configuration is checked, so that
/// one run reports all of them.
struct Diagnostics: Sendable {
  private(set) var errors: [ConfigDiagnostic] = []
  private(set) var warnings: [ConfigDiagnostic] = []

  mutating func error(_ message: String, at location: ConfigLocation) {
    errors.append(location.diagnostic(message))
  }

  mutating func warning(_ message: String, at location: ConfigLocation) {
    warnings.append(location.diagnostic(message, severity: .warning))
  }

  mutating func append(_ diagnostic: ConfigDiagnostic) {
    if diagnostic.severity == .warning { warnings.append(diagnostic) } else { errors.append(diagnostic) }
  }
}
