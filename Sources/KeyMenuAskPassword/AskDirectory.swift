// The ask directory's C boundary (DESIGN.md): inotify, and each ask file
// opened without following links and checked before a byte of it is read.
import Glibc

/// The directory systemd's password questions appear in, watched through
/// inotify as the specification says (`IN_CLOSE_WRITE|IN_MOVED_TO`, and
/// `IN_DELETE|IN_MOVED_FROM` for the questions another agent answered).
/// A question is read only from a regular file owned by ``owner`` (root):
/// anyone else's file is no question, so no one but root can make the agent
/// send a passphrase anywhere.
public final class AskDirectory {
  /// What came to the directory since the last ``changes()``.
  public enum Change: Equatable, Sendable {
    /// A question was written (or moved in) under this name.
    case appeared(String)
    /// The question under this name went: answered, or given up.
    case removed(String)
    /// The kernel dropped events: read the whole directory again (``names()``).
    case overflow
  }

  /// Why a file was not read as a question.
  public struct Refusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong with it, for a log line (never its content).
    public let description: String
  }

  /// Why the directory cannot be watched.
  public struct Failure: Error, CustomStringConvertible {
    /// What failed, with the errno's text.
    public let description: String
  }

  /// The directory.
  public let path: String
  /// The owner a question's file must have (root's 0; a test's own uid).
  public let owner: UInt32
  /// The inotify descriptor, for `poll()`: readable when ``changes()`` has some.
  public let fileDescriptor: Int32
  private let directory: Int32

  /// Watches `path`, which must exist (systemd makes it at boot).
  public init(path: String = AskFile.directory, owner: UInt32 = 0) throws(Failure) {
    self.path = path
    self.owner = owner
    let directory = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard directory >= 0 else { throw Failure(description: "cannot open \(path): \(Self.reason(errno))") }
    let notify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard notify >= 0 else {
      let error = errno
      close(directory)
      throw Failure(description: "inotify: \(Self.reason(error))")
    }
    let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM | IN_ONLYDIR)
    guard inotify_add_watch(notify, path, mask) >= 0 else {
      let error = errno
      close(notify)
      close(directory)
      throw Failure(description: "cannot watch \(path): \(Self.reason(error))")
    }
    self.directory = directory
    fileDescriptor = notify
  }

  deinit {
    close(fileDescriptor)
    close(directory)
  }

  /// The questions in the directory now (`ask.*`), by name.
  public func names() -> [String] {
    var found: [String] = []
    forEachEntry { name in
      if AskFile.isQuestion(name: name) { found.append(name) }
      return true
    }
    return found.sorted()
  }

  /// Whether the directory holds nothing at all, neither questions nor the
  /// askers' sockets (what `DirectoryNotEmpty=` of a `.path` unit looks
  /// at); false when it cannot be read.
  public func isEmpty() -> Bool {
    var empty = true
    let read = forEachEntry { name in
      empty = name == "." || name == ".."
      return empty
    }
    return read && empty
  }

  /// Calls `body` with each entry's name until it returns false; false
  /// when the directory cannot be read.
  @discardableResult
  private func forEachEntry(_ body: (String) -> Bool) -> Bool {
    let duplicate = dup(directory)
    guard duplicate >= 0, let stream = fdopendir(duplicate) else {
      if duplicate >= 0 { close(duplicate) }
      return false
    }
    defer { closedir(stream) }
    rewinddir(stream)
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      guard body(name) else { break }
    }
    return true
  }

  /// The questions that appeared and went since the last call, in order;
  /// empty when nothing came (the descriptor does not block).
  public func changes() -> [Change] {
    var changes: [Change] = []
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(fileDescriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return changes }
      var offset = 0
      let header = MemoryLayout<inotify_event>.size
      while offset + header <= count {
        let event = buffer.withUnsafeBytes {
          $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
        }
        let nameBytes = buffer[(offset + header)..<min(count, offset + header + Int(event.len))]
        let name = String(decoding: nameBytes.prefix(while: { $0 != 0 }), as: UTF8.self)
        offset += header + Int(event.len)
        if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
          changes.append(.overflow)
        } else if AskFile.isQuestion(name: name) {
          let went = event.mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0
          changes.append(went ? .removed(name) : .appeared(name))
        }
      }
    }
  }

  /// The question under `name`: read only from a regular file (no link
  /// followed) owned by ``owner`` and no larger than ``AskFile/maximumBytes``.
  public func read(_ name: String) -> Result<AskFile, Refusal> {
    guard AskFile.isQuestion(name: name) else { return .failure(Refusal(description: "not an ask file")) }
    let file = openat(directory, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard file >= 0 else { return .failure(Refusal(description: "cannot open: \(Self.reason(errno))")) }
    defer { close(file) }
    var info = stat()
    guard fstat(file, &info) == 0 else {
      return .failure(Refusal(description: "cannot stat: \(Self.reason(errno))"))
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      return .failure(Refusal(description: "not a regular file"))
    }
    guard info.st_uid == owner else {
      return .failure(Refusal(description: "owned by uid \(info.st_uid), not \(owner)"))
    }
    guard info.st_size <= AskFile.maximumBytes else {
      return .failure(Refusal(description: "longer than 16 KiB"))
    }
    var bytes = [UInt8](repeating: 0, count: AskFile.maximumBytes + 1)
    var total = 0
    while total < bytes.count {
      let count = bytes.withUnsafeMutableBytes {
        pread(file, $0.baseAddress! + total, $0.count - total, off_t(total))
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      total += count
    }
    guard total <= AskFile.maximumBytes else { return .failure(Refusal(description: "longer than 16 KiB")) }
    do {
      return .success(try AskFile(parsing: String(decoding: bytes[..<total], as: UTF8.self), directory: path))
    } catch {
      return .failure(Refusal(description: error.description))
    }
  }

  private static func reason(_ error: Int32) -> String { String(cString: strerror(error)) }
}
