import KeyMenuRuntime

/// Reads configuration files and lists drop-in directories, bounded in size.
///
/// The type and size are checked before reading (``SmallFile``), so a
/// directory, a device or a FIFO is refused rather than read (a FIFO would
/// block) and nothing over the limit is loaded.
enum ConfigFileSystem {
  /// Why a file could not be read.
  typealias Failure = SmallFile.Failure

  /// The bytes of a regular file of at most `limit` bytes. A symbolic link
  /// is followed to its target, as configuration managers and `/etc`
  /// layouts link files; the target must be a regular file.
  static func read(_ path: String, limit: Int) -> Result<[UInt8], Failure> {
    SmallFile.read(path, limit: limit)
  }

  /// The names of the `*.toml` files in a directory, in byte order; hidden
  /// files are skipped. nil when the directory does not exist.
  static func tomlFiles(in directory: String) -> Result<[String], Failure>? {
    SmallFile.names(in: directory)?.map { names in
      names.filter { $0.hasSuffix(".toml") && !$0.hasPrefix(".") }
        .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }
  }
}

extension SmallFile.Failure {
  /// What went wrong, for a diagnostic.
  var message: String {
    switch self {
    case .unreadable(let reason): reason
    case .notRegularFile: "not a regular file"
    case .tooLarge: "larger than \(ConfigurationLoader.maximumFileSize / 1024 / 1024) MiB"
    }
  }
}
