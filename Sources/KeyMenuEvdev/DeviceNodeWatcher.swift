import CLibevdev
import Glibc
import KeyMenuRuntime
import SystemPackage

/// Watches a device directory with inotify so devices plugged in later are
/// seen at once, without a polling timer: the input loop's event nodes
/// (`/dev/input/event*`), keymenud's CEC adapters (`/dev/cec*`).
///
/// When the directory does not exist yet (a headless box before its first
/// keyboard), the parent is watched until it appears.
public final class DeviceNodeWatcher {
  /// Something that changed in the directory.
  public enum Change: Equatable, Sendable {
    /// A node appeared or changed permissions (udev sets them after creating it).
    case appeared(String)
    /// A node was removed.
    case disappeared(String)
    /// The directory itself (re)appeared: rescan it.
    case directoryAppeared
  }

  /// The inotify instance, readable when something changed.
  public let fileDescriptor: Int32
  private let directory: String
  private let accepts: (String) -> Bool
  private var directoryWatch: Int32 = -1
  private var parentWatch: Int32 = -1

  /// Watches `directory` for nodes whose names `accepts` (event nodes by default).
  public init(directory: String, accepts: ((String) -> Bool)? = nil) throws(EvdevError) {
    self.accepts = accepts ?? { DeviceDirectory.eventNumber($0) != nil }
    switch Syscall.retrying({ keymenu_inotify_init() }) {
    case .success(let fd): fileDescriptor = fd
    case .failure(let error): throw EvdevError(opening: directory, errno: error)
    }
    self.directory = directory
    watchDirectoryOrParent()
  }

  deinit { close(fileDescriptor) }

  /// Reads every pending inotify event.
  public func readChanges() -> [Change] {
    var changes: [Change] = []
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
      if count <= 0 { break }
      buffer.withUnsafeBytes { raw in
        var offset = 0
        while offset + 16 <= count {
          let wd = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
          let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
          let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
          let nameBytes = raw[(offset + 16)..<min(offset + 16 + length, count)]
          let name = String(decoding: nameBytes.prefix(while: { $0 != 0 }), as: UTF8.self)
          handle(wd: wd, mask: mask, name: name, into: &changes)
          offset += 16 + length
        }
      }
    }
    return changes
  }

  private func handle(wd: Int32, mask: UInt32, name: String, into changes: inout [Change]) {
    if wd == directoryWatch {
      if mask & (UInt32(IN_DELETE_SELF) | UInt32(IN_IGNORED) | UInt32(IN_MOVE_SELF)) != 0 {
        directoryWatch = -1
        watchDirectoryOrParent()
        return
      }
      guard accepts(name) else { return }
      let path = directory + "/" + name
      if mask & (UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM)) != 0 {
        changes.append(.disappeared(path))
      } else if mask & (UInt32(IN_CREATE) | UInt32(IN_ATTRIB) | UInt32(IN_MOVED_TO)) != 0 {
        changes.append(.appeared(path))
      }
    } else if wd == parentWatch, directoryWatch < 0, directory.hasSuffix("/" + name) {
      watchDirectoryOrParent()
      if directoryWatch >= 0 { changes.append(.directoryAppeared) }
    }
  }

  private func watchDirectoryOrParent() {
    let dirMask =
      UInt32(IN_CREATE) | UInt32(IN_ATTRIB) | UInt32(IN_DELETE) | UInt32(IN_MOVED_TO)
      | UInt32(IN_MOVED_FROM) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_ONLYDIR)
    directoryWatch = inotify_add_watch(fileDescriptor, directory, dirMask)
    if directoryWatch >= 0 {
      if parentWatch >= 0 { inotify_rm_watch(fileDescriptor, parentWatch) }
      parentWatch = -1
      return
    }
    guard parentWatch < 0 else { return }
    let parent = directory.split(separator: "/").dropLast().joined(separator: "/")
    parentWatch = inotify_add_watch(
      fileDescriptor, "/" + parent, UInt32(IN_CREATE) | UInt32(IN_MOVED_TO) | UInt32(IN_ONLYDIR))
  }
}
