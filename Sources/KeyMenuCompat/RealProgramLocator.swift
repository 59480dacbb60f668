/// Finds the system's real whiptail, dialog or dmenu on `PATH`, for when
/// keymenud cannot be reached, so that a script still runs.
///
/// A compat link must never run itself: the compat directories
/// (`/usr/lib/keymenu/compat`, `$(PREFIX)/lib/keymenu/compat`) are
/// skipped, and so is every candidate that resolves to this very program
/// (a link to keymenu-whiptail somewhere else on `PATH`). Pure: the file
/// system is asked through the two functions given.
public struct RealProgramLocator: Sendable {
  /// The `PATH` to search (`:`-separated; empty entries are skipped, not
  /// read as the current directory).
  public var searchPath: String
  /// Directories never searched (the compat directories).
  public var skippedDirectories: [String]
  /// The resolved path of the program looking (`/proc/self/exe`).
  public var ownExecutable: String
  /// A path with every link resolved (`realpath`), nil when it does not exist.
  public var resolve: @Sendable (String) -> String?
  /// Whether a path is an executable regular file.
  public var isExecutable: @Sendable (String) -> Bool

  /// A locator.
  public init(
    searchPath: String, skippedDirectories: [String], ownExecutable: String,
    resolve: @escaping @Sendable (String) -> String?, isExecutable: @escaping @Sendable (String) -> Bool
  ) {
    self.searchPath = searchPath
    self.skippedDirectories = skippedDirectories
    self.ownExecutable = ownExecutable
    self.resolve = resolve
    self.isExecutable = isExecutable
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
      if let real = resolve(candidate), real == ownExecutable { continue }
      return candidate
    }
    return nil
  }

  private static func trimmed(_ path: String) -> String {
    var path = path
    while path.count > 1, path.hasSuffix("/") { path.removeLast() }
    return path
  }
}
