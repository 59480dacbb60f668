/// The params of `config.reloaded`: `{"ok":true,"sources":[…]}` after a
/// reload, or `{"ok":false,"errors":[…]}` when the configuration was kept.
public struct ConfigReloadedNotice: Codable, Sendable, Hashable {
  /// The notification's method name.
  public static let method = "config.reloaded"

  /// Whether the new configuration is in force.
  public var ok: Bool
  /// The files read, when it is.
  public var sources: [String]?
  /// Each error as `file:line:column: message`, when it is not.
  public var errors: [String]?

  /// In the order of the keys on the wire (sorted): the synthesized
  /// `encode(to:)` writes them in this order (``OrderedJSONEncoder``).
  enum CodingKeys: String, CodingKey { case errors, ok, sources }

  /// A reload that read `sources`.
  public static func reloaded(sources: [String]) -> Self { Self(ok: true, sources: sources, errors: nil) }

  /// A reload refused for `errors`.
  public static func refused(errors: [String]) -> Self { Self(ok: false, sources: nil, errors: errors) }
}
