import Glibc
import KeyMenuRuntime

/// Who may read a device node, as far as it matters for advice: its group,
/// its mode, and whether this process is in that group.
struct NodeAccess: Hashable, Sendable {
  /// The node's group, by name when it has one, else its number.
  var groupName: String
  /// The permission bits, in octal (`0600`).
  var modeText: String
  /// Whether the node's group is this process's group or one of its
  /// supplementary groups.
  var processInGroup: Bool

  /// Creates a value (for tests).
  init(groupName: String, modeText: String, processInGroup: Bool) {
    self.groupName = groupName
    self.modeText = modeText
    self.processInGroup = processInGroup
  }

  /// Looks the node up; nil when it cannot be (it went away).
  init?(_ path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    let gid = info.st_gid
    modeText = "0" + String(info.st_mode & 0o7777, radix: 8)
    groupName = AccountDatabase.groupName(gid) ?? String(gid)
    processInGroup = getegid() == gid || Self.supplementaryGroups().contains(gid)
  }

  private static func supplementaryGroups() -> [gid_t] {
    let count = getgroups(0, nil)
    guard count > 0 else { return [] }
    var groups = [gid_t](repeating: 0, count: Int(count))
    let filled = getgroups(count, &groups)
    return filled > 0 ? Array(groups.prefix(Int(filled))) : []
  }

}
