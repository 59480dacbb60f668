extension ConfigNode {
  /// The arrays of tables that drop-ins extend instead of replacing.
  static let appendedArrays: Set<[String]> = [
    ["hotkeys"], ["devices", "include"], ["devices", "exclude"], ["socket", "tiers"],
    ["keyboard", "devices"], ["remotes"],
  ]
  /// The tables whose entries a drop-in replaces whole instead of merging into.
  static let replacedTables: Set<[String]> = [["menus"]]

  /// Lays a later file (a drop-in) over this one.
  ///
  /// Tables merge key by key; a key set again replaces the earlier value
  /// (scalars, plain arrays such as `run`), except that the arrays in
  /// ``appendedArrays`` append and each entry of the tables in
  /// ``replacedTables`` (a whole `[menus.NAME]`) is replaced, not merged.
  mutating func merge(_ later: ConfigNode, path: [String] = []) {
    guard var entries = self.entries, let laterEntries = later.entries else {
      self = later
      return
    }
    for entry in laterEntries {
      guard let existing = entries.firstIndex(where: { $0.key == entry.key }) else {
        entries.append(entry)
        continue
      }
      let entryPath = path + [entry.key]
      if Self.appendedArrays.contains(entryPath), case .array(let old) = entries[existing].node.value,
        case .array(let new) = entry.node.value
      {
        entries[existing].node.value = .array(old + new)
      } else if Self.replacedTables.contains(path) {
        entries[existing] = entry
      } else {
        entries[existing].node.merge(entry.node, path: entryPath)
      }
    }
    value = .table(entries)
  }
}
