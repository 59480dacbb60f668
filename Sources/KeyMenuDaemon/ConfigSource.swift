public import KeyMenuConfig
public import KeyMenuCore
import KeyMenuLayout
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
  /// The system's keyboard layout file, read at start and on every reload
  /// (the layout `[keyboard]` is read over).
  var systemKeyboardFile: String

  /// The standard place: `/etc/keymenu/keymenu.toml` and `/etc/keymenu/conf.d`.
  static let standardFile = "/etc/keymenu/keymenu.toml"
  static let standardDropIns = "/etc/keymenu/conf.d"

  /// Creates a source.
  public init(
    file: String, dropInDirectory: String?, dropInFiles: [String] = [], keyNames: KeyNameTable,
    plugins: PluginCatalog, systemKeyboardFile: String = "/etc/default/keyboard"
  ) {
    self.plugins = plugins
    self.systemKeyboardFile = systemKeyboardFile
    self.file = file
    self.dropInDirectory = dropInDirectory
    self.dropInFiles = dropInFiles
    self.keyNames = keyNames
  }

  /// The system's keyboard layout now (the US layout without the file).
  func systemKeyboard() -> KeyboardLayoutSpec { .system(path: systemKeyboardFile) }

  /// Reads and checks the files now.
  public func load() -> Result<DaemonConfiguration, ConfigErrors> {
    ConfigurationLoader.load(
      file: file, dropInDirectory: dropInDirectory, dropInFiles: dropInFiles, keyNames: keyNames,
      lookup: SystemAccounts.lookup,
      plugins: plugins.descriptors)
  }
}
