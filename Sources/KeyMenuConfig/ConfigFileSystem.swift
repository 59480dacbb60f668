import FoundationEssentials
import Glibc

/// Reads configuration files and lists drop-in directories, bounded in size.
///
/// The type and size are checked (`stat`, which follows symbolic links)
/// before reading through FoundationEssentials' `FileManager`, so a
/// directory, a device or a FIFO is refused rather than read (a FIFO would
/// block) and nothing over the limit is loaded.
enum ConfigFileSystem {
  /// Why a file could not be read.
  enum Failure: Error, Hashable {
    /// The file or directory could not be read; the system's reason.
    case unreadable(String)
    /// Not a regular file (a directory, a device, a FIFO).
    case notRegularFile
    /// Bigger than the limit.
    case tooLarge

    /// What went wrong, for a diagnostic.
    var message: String {
      switch self {
      case .unreadable(let reason): reason
      case .notRegularFile: "not a regular file"
      case .tooLarge: "larger than \(ConfigurationLoader.maximumFileSize / 1024 / 1024) MiB"
      }
    }
  }

  /// The bytes of a regular file of at most `limit` bytes. A symbolic link
  /// is followed to its target, as configuration managers and `/etc`
  /// layouts link files; the target must be a regular file.
  static func read(_ path: String, limit: Int) -> Result<[UInt8], Failure> {
    let files = FileManager.default
    var info = stat()
    guard stat(path, &info) == 0 else {
      let error = errno
      var link = stat()
      let dangling = error == ENOENT && lstat(path, &link) == 0
      return .failure(
        .unreadable(
          String(cString: strerror(error)) + (dangling ? " (a symbolic link to a missing file)" : "")))
    }
    guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegularFile) }
    if Int(info.st_size) > limit { return .failure(.tooLarge) }
    guard let data = files.contents(atPath: path) else {
      return .failure(
        .unreadable(files.isReadableFile(atPath: path) ? "cannot be read" : "Permission denied"))
    }
    guard data.count <= limit else { return .failure(.tooLarge) }  // the file grew after the check
    return .success(Array(data))
  }

  /// The names of the `*.toml` files in a directory, in byte order; hidden
  /// files are skipped. nil when the directory does not exist.
  static func tomlFiles(in directory: String) -> Result<[String], Failure>? {
    let files = FileManager.default
    var isDirectory = false
    guard files.fileExists(atPath: directory, isDirectory: &isDirectory) else { return nil }
    guard isDirectory else { return .failure(.unreadable("Not a directory")) }
    let names: [String]
    do {
      names = try files.contentsOfDirectory(atPath: directory)
    } catch {
      return .failure(.unreadable(reason(error, path: directory)))
    }
    return .success(
      names.filter { $0.hasSuffix(".toml") && !$0.hasPrefix(".") }
        .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
  }

  /// The system's reason (`No such file or directory`, `Permission denied`).
  private static func reason(_ error: any Error, path: String) -> String {
    switch (error as? CocoaError)?.code {
    case .fileReadNoSuchFile, .fileNoSuchFile: return "No such file or directory"
    case .fileReadNoPermission: return "Permission denied"
    default: return "\(error)"
    }
  }
}
