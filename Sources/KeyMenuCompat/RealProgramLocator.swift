/// Finds the system's real whiptail, dialog or dmenu on `PATH`, for when
/// keymenud cannot be reached, so that a script still runs.
///
/// A compat command must never run itself: the compat directories
/// (`/usr/lib/keymenu/compat`, `$(PREFIX)/lib/keymenu/compat`) are
/// skipped, and so is every candidate that is this very program under
/// another path: the same file (a symbolic or hard link, the same device
/// and inode) or an identical copy (the same size and the same bytes, for
/// a second install). A script that runs keymenu is not recognised here;
/// ``CompatFallback``'s mark stops that loop. Pure: the file system is
/// asked through the functions given.
public struct RealProgramLocator: Sendable {
  /// The `PATH` to search (`:`-separated; empty entries are skipped, not
  /// read as the current directory).
  public var searchPath: String
  /// Directories never searched (the compat directories).
  public var skippedDirectories: [String]
  /// The file of the program looking (`/proc/self/exe`), nil when unknown.
  public var ownFile: ProgramFile?
  /// A path with every link resolved (`realpath`), nil when it does not exist.
  public var resolve: @Sendable (String) -> String?
  /// Whether a path is an executable regular file.
  public var isExecutable: @Sendable (String) -> Bool
  /// The file a path names (links followed), nil when it cannot be read.
  public var file: @Sendable (String) -> ProgramFile?
  /// Whether a path holds the same bytes as the program looking; asked
  /// only of a file of its very size.
  public var hasOwnContents: @Sendable (String) -> Bool

  /// A locator.
  public init(
    searchPath: String, skippedDirectories: [String], ownFile: ProgramFile?,
    resolve: @escaping @Sendable (String) -> String?, isExecutable: @escaping @Sendable (String) -> Bool,
    file: @escaping @Sendable (String) -> ProgramFile?, hasOwnContents: @escaping @Sendable (String) -> Bool
  ) {
    self.searchPath = searchPath
    self.skippedDirectories = skippedDirectories
    self.ownFile = ownFile
    self.resolve = resolve
    self.isExecutable = isExecutable
    self.file = file
    self.hasOwnContents = hasOwnContents
  }

  /// The first `name` on the path that is not keymenu's own, or nil.
  public func locate(_ name: String) -> String? {
    let skipped = Set(
      skippedDirectories.flatMap { [Self.trimmed($0), resolve($0).map(Self.trimmed)] }.compactMap { $0 })
    for entry in searchPath.split(separator: ":").map(String.init) where !entry.isEmpty {
      let directory = Self.trimmed(entry)
      if skipped.contains(directory) { continue }
      if let real = resolve(directory), skipped.contains(Self.trimmed(real)) { continue }
      let candidate = directory + "/" + name
      guard isExecutable(candidate) else { continue }
      if isOwnProgram(candidate) { continue }
      return candidate
    }
    return nil
  }

  /// Whether `path` is this very program: the same file, or a file of the
  /// same size with the same bytes (read only then).
  public func isOwnProgram(_ path: String) -> Bool {
    guard let ownFile, let other = file(path) else { return false }
    if other.isSameFile(as: ownFile) { return true }
    return other.size == ownFile.size && hasOwnContents(path)
  }

  private static func trimmed(_ path: String) -> String {
    var path = path
    while path.count > 1, path.hasSuffix("/") { path.removeLast() }
    return path
  }
}

/// Which file a path names, as `stat` tells it: enough to recognise the
/// same file under two names and to rule out a copy without reading it.
public struct ProgramFile: Hashable, Sendable {
  /// `st_dev`.
  public var device: UInt64
  /// `st_ino`.
  public var inode: UInt64
  /// `st_size`, in bytes.
  public var size: Int64

  /// A file.
  public init(device: UInt64, inode: UInt64, size: Int64) {
    self.device = device
    self.inode = inode
    self.size = size
  }

  /// Whether both name one file (a link of either kind).
  public func isSameFile(as other: ProgramFile) -> Bool { device == other.device && inode == other.inode }
}
