public import KeyMenuCore

/// One `[[remotes]]` entry: an IR remote the kernel has no keymap for,
/// matched by a device rule, and the keys its scancodes send.
public struct ConfiguredRemote: Hashable, Sendable {
  /// Which devices (IR receivers) this table is for.
  public var match: DeviceMatch
  /// The keys of its scancodes, and their timings.
  public var scancodes: RemoteScancodes

  /// Creates an entry.
  public init(match: DeviceMatch, scancodes: RemoteScancodes) {
    self.match = match
    self.scancodes = scancodes
  }
}
