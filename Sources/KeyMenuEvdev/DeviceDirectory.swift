import Glibc

/// Finds evdev nodes (`event*`) in a directory, `/dev/input` by default.
public struct DeviceDirectory: Sendable, Hashable {
  /// The directory.
  public var path: String

  /// The standard location.
  public static let standard = DeviceDirectory(path: "/dev/input")

  /// A directory of device nodes.
  public init(path: String) { self.path = path }

  /// Full paths of the `event*` character devices, in event-number order.
  ///
  /// Decides by `stat()`, not by the directory entry type: under umockdev the
  /// node is a symlink to a pty.
  public func eventNodes() -> [String] {
    guard let dir = opendir(path) else { return [] }
    defer { closedir(dir) }
    var nodes: [(Int, String)] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      guard let number = Self.eventNumber(name) else { continue }
      let full = path + "/" + name
      if Self.isCharacterDevice(full) { nodes.append((number, full)) }
    }
    return nodes.sorted { $0.0 < $1.0 }.map(\.1)
  }

  /// The N of `eventN`, or nil for other names.
  static func eventNumber(_ name: String) -> Int? {
    guard name.hasPrefix("event") else { return nil }
    return Int(name.dropFirst(5))
  }

  static func isCharacterDevice(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR
  }
}
