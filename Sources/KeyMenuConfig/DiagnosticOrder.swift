/// Puts diagnostics in the order a person reads the files: file by file in
/// the order they were loaded, then by line and column.
enum DiagnosticOrder {
  /// Sorts stably; files not in `files` go last, by name.
  static func sorted(_ diagnostics: [ConfigDiagnostic], files: [String]) -> [ConfigDiagnostic] {
    var rank: [String: Int] = [:]
    for (index, file) in files.enumerated() where rank[file] == nil { rank[file] = index }
    return diagnostics.enumerated().sorted { left, right in
      let (a, b) = (left.element, right.element)
      let keyA = (rank[a.file] ?? files.count, a.file, a.line, a.column, left.offset)
      let keyB = (rank[b.file] ?? files.count, b.file, b.line, b.column, right.offset)
      return keyA < keyB
    }.map(\.element)
  }
}
