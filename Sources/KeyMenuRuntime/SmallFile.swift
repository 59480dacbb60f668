import Glibc
import SystemPackage

/// Reads the small files keymenud reads at start (its configuration, the
/// system's `/etc/default/keyboard`) and lists drop-in directories, with
/// plain system calls (swift-system, `opendir`).
///
/// Written here rather than through FoundationEssentials' `FileManager`:
/// that path parses each path as a URL and goes through `Data` and
/// Cocoa-error bridging, half a megabyte of code keymenud runs nowhere else,
/// which stayed resident for the process's life (measured in
/// bench/RESULTS.md's idle figures).
public enum SmallFile {
  /// Why a file or directory could not be read.
  public enum Failure: Error, Hashable, Sendable {
    /// The system's reason (`No such file or directory`, `Permission denied`).
    case unreadable(String)
    /// Not a regular file (a directory, a device, a FIFO).
    case notRegularFile
    /// Bigger than the limit.
    case tooLarge
  }

  /// The bytes of the regular file at `path`, of at most `limit` bytes. A
  /// symbolic link is followed to its target, which must be a regular file.
  ///
  /// The type and size are checked before the file is opened (so a FIFO or
  /// a device is refused, never opened: opening either can block or act)
  /// and again on the open file; a file that grows past the limit while
  /// read is refused too.
  public static func read(_ path: String, limit: Int) -> Result<[UInt8], Failure> {
    let filePath = FilePath(path)
    let info: Stat
    do {
      info = try filePath.stat()
    } catch {
      let dangling =
        error == .noSuchFileOrDirectory && (try? filePath.stat(followTargetSymlink: false)) != nil
      return .failure(.unreadable(reason(error) + (dangling ? " (a symbolic link to a missing file)" : "")))
    }
    if let refusal = refusal(info, limit: limit) { return .failure(refusal) }
    let file: FileDescriptor
    do {
      file = try FileDescriptor.open(filePath, .readOnly, options: [.closeOnExec, .nonBlocking])
    } catch {
      return .failure(.unreadable(reason(error)))
    }
    defer { try? file.close() }
    do {
      if let refusal = refusal(try file.stat(), limit: limit) { return .failure(refusal) }
      return try readAll(file, limit: limit)
    } catch {
      return .failure(.unreadable(reason(error)))
    }
  }

  /// The names in a directory (without `.` and `..`), in the order the
  /// system gives them; nil when nothing is at `path`.
  public static func names(in path: String) -> Result<[String], Failure>? {
    guard let directory = opendir(path) else {
      let error = Errno(rawValue: errno)
      if error == .noSuchFileOrDirectory { return nil }
      return .failure(.unreadable(reason(error)))
    }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return .success(names)
  }

  private static func refusal(_ info: Stat, limit: Int) -> Failure? {
    if info.type != .regular { return .notRegularFile }
    if info.size > Int64(limit) { return .tooLarge }
    return nil
  }

  /// Reads to the end of the file, refusing more than `limit` bytes.
  private static func readAll(_ file: FileDescriptor, limit: Int) throws(Errno) -> Result<[UInt8], Failure> {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      let count: Int
      do {
        count = try chunk.withUnsafeMutableBytes { try file.read(into: $0) }
      } catch {
        throw error as? Errno ?? .ioError
      }
      if count == 0 { return .success(bytes) }
      guard bytes.count + count <= limit else { return .failure(.tooLarge) }
      bytes.append(contentsOf: chunk[..<count])
    }
  }

  /// The system's wording for an error (strerror), as `ls` and `cat` print it.
  private static func reason(_ error: any Error) -> String {
    String(cString: strerror((error as? Errno)?.rawValue ?? EIO))
  }
}
