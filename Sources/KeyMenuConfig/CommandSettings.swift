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
  /// How long a command may run before its process group gets SIGTERM
  /// (and SIGKILL ``killGrace`` later); unlimited when nil.
  public var timeout: Duration?
  /// Commands one uid's requests may have running at once (`max_running_per_uid`).
  public var maximumRunningPerUID: Int
  /// Commands running at once in all, hotkeys' included (`max_running`).
  public var maximumRunning: Int

  /// The default of `max_running_per_uid`.
  public static let defaultMaximumRunningPerUID = 16
  /// The default of `max_running`.
  public static let defaultMaximumRunning = 64
  /// The largest `max_running` and `max_running_per_uid` accepted:
  /// keymenud.service's `LimitNOFILE=` is sized for it.
  public static let largestMaximumRunning = 256
  /// How long a timed-out command has between SIGTERM and SIGKILL.
  public static let killGrace = Duration.seconds(2)

  /// Creates settings.
  public init(
    enabled: Bool = false, user: String? = nil, group: String? = nil, timeout: Duration? = nil,
    maximumRunningPerUID: Int = defaultMaximumRunningPerUID, maximumRunning: Int = defaultMaximumRunning
  ) {
    self.enabled = enabled
    self.user = user
    self.group = group
    self.timeout = timeout
    self.maximumRunningPerUID = maximumRunningPerUID
    self.maximumRunning = maximumRunning
  }
}
