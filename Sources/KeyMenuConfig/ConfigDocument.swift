import KeyMenuTOML

/// One configuration text and the file name its diagnostics carry.
public struct ConfigDocument: Hashable, Sendable {
  /// The file name, as diagnostics print it.
  public var file: String
  /// The TOML text.
  public var text: String

  /// Creates a document.
  public init(file: String, text: String) {
    self.file = file
    self.text = text
  }

  /// Parses the text into a tree with positions; nil (after an error) when
  /// it is too big, contains a NUL, or is not valid TOML.
  func node(_ diagnostics: inout Diagnostics) -> ConfigNode? {
    let size = text.utf8.count
    guard size <= ConfigurationLoader.maximumFileSize else {
      diagnostics.error(
        "file is \(size) bytes; configuration files may be at most \(ConfigurationLoader.maximumFileSize) bytes (1 MiB)",
        at: ConfigurationLoader.place(file))
      return nil
    }
    if let nul = text.utf8.firstIndex(of: 0) {
      diagnostics.error("NUL byte in configuration file", at: location(of: nul))
      return nil
    }
    do {
      return ConfigNode(try TOMLParser.parse(text), file: file)
    } catch {
      diagnostics.error(
        error.message,
        at: ConfigLocation(file: file, line: error.position.line, column: error.position.column))
    }
    return nil
  }

  private func location(of index: String.UTF8View.Index) -> ConfigLocation {
    let before = text.utf8[..<index]
    let line = before.count(where: { $0 == UInt8(ascii: "\n") }) + 1
    let lineStart =
      before.lastIndex(of: UInt8(ascii: "\n")).map { text.utf8.index(after: $0) } ?? text.utf8.startIndex
    let column = text.utf8[lineStart..<index].count(where: { $0 & 0xC0 != 0x80 }) + 1
    return ConfigLocation(file: file, line: line, column: column)
  }

  /// UTF-8 bytes as text; an error at the first invalid byte otherwise.
  static func decode(_ bytes: [UInt8], file: String, _ diagnostics: inout Diagnostics) -> String? {
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    var line = 1
    var column = 1
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    while case .valid(let scalar) = parser.parseScalar(from: &iterator) {
      if scalar.count == 1 && scalar.first == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    diagnostics.error(
      "invalid UTF-8; configuration files must be UTF-8 text",
      at: ConfigLocation(file: file, line: line, column: column))
    return nil
  }
}
