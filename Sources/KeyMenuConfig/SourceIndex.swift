/// Where each key and value of a TOML document was written.
///
/// Why hand-written: TOMLKit 0.6.0 reports a line and column only for syntax
/// errors (`TOMLParseError`). toml++ underneath knows every node's source
/// region, but TOMLKit's tables and values do not expose it. `keymenud
/// --check` must point at the exact key or value behind every semantic error
/// (unknown key, wrong type, bad chord), so this index re-reads the text.
///
/// It is not a second TOML parser. Its positions are only used for text
/// TOMLKit has accepted, so it can trust the grammar and only has to follow
/// structure:
/// table headers `[a.b]`, array-of-tables headers `[[a]]` (counting their
/// elements, so `[[hotkeys]]` number three is `hotkeys[2]`), `key = value`
/// lines with dotted and quoted keys, and inside values the arrays and inline
/// tables that nest further keys. Strings and comments are skipped so that
/// brackets and `=` inside them do not count. Scalars are skipped, not read:
/// their values come from TOMLKit.
///
/// Lookups that miss (which should not happen for text TOMLKit accepted) fall
/// back to the nearest enclosing path, so a diagnostic always has a place.
struct SourceIndex: Sendable {
  /// Where one path was written.
  struct Entry: Hashable, Sendable {
    /// The start of its key, or of the header or array element that made it.
    var key: TextPosition
    /// The start of its value (for tables made by a header, the header).
    var value: TextPosition
  }

  /// Every path the text mentions; the first mention wins.
  private(set) var entries: [ConfigPath: Entry]
  /// Where keys first nest deeper than ``SourceScanner/maximumDepth``, if they do.
  let tooDeep: TextPosition?
  /// A syntax error that would crash TOMLKit (see ``SourceScanner/flagUnsafe(_:)``).
  let unsafeSyntax: (position: TextPosition, message: String)?

  /// Scans a TOML text. Run it before TOMLKit too: any text is scanned in
  /// linear time and bounded recursion, so ``tooDeep`` and ``unsafeSyntax`` can
  /// refuse documents that are not safe to hand to TOMLKit.
  init(scanning text: String) {
    var scanner = SourceScanner(text)
    scanner.scanDocument()
    entries = scanner.entries
    tooDeep = scanner.tooDeep
    unsafeSyntax = scanner.unsafeSyntax
  }

  /// Where the key (or header, or array element) of `path` starts.
  func keyPosition(_ path: ConfigPath) -> TextPosition {
    nearest(path)?.key ?? TextPosition(line: 1, column: 1)
  }

  /// Where the value of `path` starts.
  func valuePosition(_ path: ConfigPath) -> TextPosition {
    nearest(path)?.value ?? TextPosition(line: 1, column: 1)
  }

  private func nearest(_ path: ConfigPath) -> Entry? {
    var path = path
    while !path.isEmpty {
      if let entry = entries[path] { return entry }
      path.removeLast()
    }
    return nil
  }
}
