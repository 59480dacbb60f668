/// The `[commands]` section: whether hotkeys and items may run commands,
/// and as whom.
///
/// Off by default. When on, commands run as `user` (never root) with an argv
/// and no shell unless an entry says `shell = true`.
public struct CommandSettings: Hashable, Sendable {
  /// Whether `run` actions run at all.
  public var enabled: Bool
  /// The unprivileged user commands run as; required when enabled.
  public var user: String?
  /// The group commands run as; the user's primary group when nil.
  public var group: String?
  /// How long a command may run before it is killed; unlimited when nil.
  public var timeout: Duration?

  /// Creates settings.
  public init(enabled: Bool = false, user: String? = nil, group: String? = nil, timeout: Duration? = nil) {
    self.enabled = enabled
    self.user = user
    self.group = group
    self.timeout = timeout
  }
}
