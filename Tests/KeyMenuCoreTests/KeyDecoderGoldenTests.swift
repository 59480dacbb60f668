import Glibc
import KeyMenuCore
import Testing

/// Runs every `Golden/*.golden` script through the decoder (like keyd's `t/*.t`).
@Suite struct KeyDecoderGoldenTests {
  static let directory: String = {
    let file = #filePath
    return String(file[..<file.lastIndex(of: "/")!]) + "/Golden"
  }()

  static let scripts: [String] = {
    guard let dir = opendir(directory) else { return [] }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      if name.hasSuffix(".golden") { names.append(name) }
    }
    return names.sorted()
  }()

  @Test func goldenFilesExist() {
    #expect(Self.scripts.count >= 6, "golden scripts found: \(Self.scripts)")
  }

  @Test(arguments: scripts)
  func golden(_ name: String) throws {
    let text = try readText(Self.directory + "/" + name)
    let script = try GoldenScript(text)
    #expect(!script.expected.isEmpty, "\(name) expects nothing")
    let actual = script.run()
    #expect(
      actual == script.expected,
      "\(name)\n--- expected\n\(script.expected.joined(separator: "\n"))\n--- actual\n\(actual.joined(separator: "\n"))"
    )
  }
}

func readText(_ path: String) throws -> String {
  guard let file = fopen(path, "r") else {
    throw GoldenScript.ParseError(line: 0, text: "cannot open \(path)")
  }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 4096)
  while true {
    let count = fread(&chunk, 1, chunk.count, file)
    if count <= 0 { break }
    bytes.append(contentsOf: chunk[0..<count])
  }
  return String(decoding: bytes, as: UTF8.self)
}
