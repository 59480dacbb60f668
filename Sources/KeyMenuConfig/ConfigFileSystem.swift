import Glibc

/// Reads configuration files and lists drop-in directories, bounded in size.
///
/// A syscall file (DESIGN.md allows unsafe code here): `open` with
/// `O_NONBLOCK` so a FIFO cannot hang the daemon, `fstat` to refuse
/// directories and devices, a bounded `read` loop that retries `EINTR`, and
/// `opendir`/`readdir` for `conf.d`.
enum ConfigFileSystem {
  /// Why a file could not be read.
  enum Failure: Error, Hashable {
    /// A call failed with this errno.
    case errno(Int32)
    /// Not a regular file (a directory, a device, a FIFO).
    case notRegularFile
    /// Bigger than the limit.
    case tooLarge

    /// What went wrong, for a diagnostic.
    var message: String {
      switch self {
      case .errno(let number): String(cString: strerror(number))
      case .notRegularFile: "not a regular file"
      case .tooLarge: "larger than \(ConfigurationLoader.maximumFileSize / 1024 / 1024) MiB"
      }
    }
  }

  /// The bytes of a regular file of at most `limit` bytes.
  static func read(_ path: String, limit: Int) -> Result<[UInt8], Failure> {
    let fd = retrying { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
    guard fd >= 0 else { return .failure(.errno(errno)) }
    defer { close(fd) }
    var status = stat()
    guard fstat(fd, &status) == 0 else { return .failure(.errno(errno)) }
    guard status.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegularFile) }
    guard status.st_size <= limit else { return .failure(.tooLarge) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { buffer in
        retrying { Int32(truncatingIfNeeded: Glibc.read(fd, buffer.baseAddress, buffer.count)) }
      }
      guard count >= 0 else { return .failure(.errno(errno)) }
      if count == 0 { return .success(bytes) }
      bytes += chunk.prefix(Int(count))
      if bytes.count > limit { return .failure(.tooLarge) }  // the file grew after fstat
    }
  }

  /// The names of the `*.toml` files in a directory, in byte order; hidden
  /// files are skipped. nil when the directory does not exist.
  static func tomlFiles(in directory: String) -> Result<[String], Failure>? {
    guard let stream = opendir(directory) else {
      return errno == ENOENT ? nil : .failure(.errno(errno))
    }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasSuffix(".toml"), !name.hasPrefix(".") { names.append(name) }
    }
    return .success(names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
  }

  private static func retrying(_ call: () -> Int32) -> Int32 {
    while true {
      let result = call()
      if result >= 0 || errno != EINTR { return result }
    }
  }
}
