public import KeyMenuConfig
public import KeyMenuCore
public import KeyMenuPluginAPI

/// Where the configuration comes from, so a reload reads the same files,
/// and how it is checked (key names, accounts, the built-in plugins).
public struct ConfigSource: Sendable {
  /// The main file.
  var file: String
  /// The drop-in directory, if any.
  var dropInDirectory: String?
  /// Drop-in files read after the directory's, in this order (`--check A B C`).
  var dropInFiles: [String]
  /// Key names for chords.
  var keyNames: KeyNameTable
  /// The plugins the daemon is built with.
  var plugins: PluginCatalog

  /// The standard place: `/etc/keymenu/keymenu.toml` and `/etc/keymenu/conf.d`.
  static let standardFile = "/etc/keymenu/keymenu.toml"
  static let standardDropIns = "/etc/keymenu/conf.d"

  /// Creates a source.
  public init(
    file: String, dropInDirectory: String?, dropInFiles: [String] = [], keyNames: KeyNameTable,
    plugins: PluginCatalog
  ) {
    self.plugins = plugins
    self.file = file
    self.dropInDirectory = dropInDirectory
    self.dropInFiles = dropInFiles
    self.keyNames = keyNames
  }

  /// Reads and checks the files now.
  public func load() -> Result<DaemonConfiguration, ConfigErrors> {
    ConfigurationLoader.load(
      file: file, dropInDirectory: dropInDirectory, dropInFiles: dropInFiles, keyNames: keyNames,
      lookup: SystemAccounts.lookup,
      plugins: plugins.descriptors)
  }
}
