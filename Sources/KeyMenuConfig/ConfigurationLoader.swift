public import KeyMenuCore
public import KeyMenuPluginAPI

/// Reads, merges and checks keymenu's TOML configuration.
///
/// Every problem is collected, each with its file, line and column, so that
/// `keymenud --check` can print all of them at once. docs/CONFIGURATION.md
/// describes the keys.
public enum ConfigurationLoader {
  /// The largest configuration file accepted: 1 MiB.
  public static let maximumFileSize = 1 << 20
  /// The most drop-in files read from one directory.
  public static let maximumDropIns = 256
  /// How deep submenus may nest below a configured menu.
  public static let maximumSubmenuDepth = 16

  /// Loads the main file and then the `*.toml` files of `dropInDirectory`
  /// in name order (nil: no drop-ins; a directory that does not exist is
  /// fine). Later files override earlier ones: keys set again replace,
  /// `[[hotkeys]]`, `[[devices.include]]`, `[[devices.exclude]]` and
  /// `[[socket.tiers]]` append, and a `[menus.NAME]` replaces the whole menu.
  /// `dropInFiles` are read after the directory's, in the order given
  /// (`keymenud --check main.toml conf.d/*.toml`).
  ///
  /// - Returns: the configuration (with its warnings), or every error found.
  public static func load(
    file: String, dropInDirectory: String?, dropInFiles: [String] = [], keyNames: KeyNameTable,
    lookup: AccountLookup, plugins: [PluginDescriptor] = []
  ) -> Result<DaemonConfiguration, ConfigErrors> {
    var documents: [ConfigDocument] = []
    var diagnostics = Diagnostics()
    var sources = [file]
    if let text = readText(file, &diagnostics) { documents.append(ConfigDocument(file: file, text: text)) }
    if let directory = dropInDirectory {
      switch ConfigFileSystem.tomlFiles(in: directory) {
      case nil: break
      case .failure(let failure):
        diagnostics.error("cannot read drop-in directory: \(failure.message)", at: place(directory))
      case .success(let names):
        if names.count > maximumDropIns {
          diagnostics.error(
            "more than \(maximumDropIns) drop-in files; only the first \(maximumDropIns) are read",
            at: place(directory))
        }
        for name in names.prefix(maximumDropIns) {
          let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
          sources.append(path)
          if let text = readText(path, &diagnostics) {
            documents.append(ConfigDocument(file: path, text: text))
          }
        }
      }
    }
    for path in dropInFiles {
      sources.append(path)
      if let text = readText(path, &diagnostics) { documents.append(ConfigDocument(file: path, text: text)) }
    }
    return check(
      documents, sources: sources, keyNames: keyNames, lookup: lookup, plugins: plugins,
      diagnostics: diagnostics)
  }

  /// Checks one configuration text, as if it were the only file (for tests and fuzzing).
  public static func parse(
    text: String, file: String, keyNames: KeyNameTable, lookup: AccountLookup,
    plugins: [PluginDescriptor] = []
  ) -> Result<DaemonConfiguration, ConfigErrors> {
    parse([ConfigDocument(file: file, text: text)], keyNames: keyNames, lookup: lookup, plugins: plugins)
  }

  /// Checks several texts merged in order, as ``load(file:dropInDirectory:keyNames:lookup:)``
  /// merges a main file and its drop-ins.
  public static func parse(
    _ documents: [ConfigDocument], keyNames: KeyNameTable, lookup: AccountLookup,
    plugins: [PluginDescriptor] = []
  ) -> Result<DaemonConfiguration, ConfigErrors> {
    check(
      documents, sources: documents.map(\.file), keyNames: keyNames, lookup: lookup, plugins: plugins,
      diagnostics: Diagnostics())
  }

  private static func check(
    _ documents: [ConfigDocument], sources: [String], keyNames: KeyNameTable, lookup: AccountLookup,
    plugins: [PluginDescriptor], diagnostics: Diagnostics
  ) -> Result<DaemonConfiguration, ConfigErrors> {
    var diagnostics = diagnostics
    var merged: ConfigNode?
    for document in documents {
      guard let node = document.node(&diagnostics) else { continue }
      if merged == nil { merged = node } else { merged?.merge(node) }
    }
    var decoder = ConfigDecoder(keyNames: keyNames, lookup: lookup, plugins: plugins)
    let root = merged ?? ConfigNode(value: .table([]), location: place(sources.first ?? ""))
    var config = decoder.decode(root)
    for diagnostic in decoder.diagnostics.errors + decoder.diagnostics.warnings {
      diagnostics.append(diagnostic)
    }
    let errors = DiagnosticOrder.sorted(diagnostics.errors, files: sources)
    let warnings = DiagnosticOrder.sorted(diagnostics.warnings, files: sources)
    guard errors.isEmpty else {
      return .failure(ConfigErrors(errors: errors, warnings: warnings, sources: sources))
    }
    config.warnings = warnings
    config.sources = sources
    return .success(config)
  }

  private static func readText(_ path: String, _ diagnostics: inout Diagnostics) -> String? {
    switch ConfigFileSystem.read(path, limit: maximumFileSize) {
    case .failure(let failure):
      diagnostics.error("cannot read configuration file: \(failure.message)", at: place(path))
      return nil
    case .success(let bytes):
      return ConfigDocument.decode(bytes, file: path, &diagnostics)
    }
  }

  /// A file as a whole: line 0, column 0.
  static func place(_ file: String) -> ConfigLocation { ConfigLocation(file: file, line: 0, column: 0) }
}
