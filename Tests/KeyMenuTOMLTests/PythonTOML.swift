import Foundation

/// Python's `tomllib` (Debian's `/usr/bin/python3`, 3.11) as the reference
/// the differential test compares the parser with.
enum PythonTOML {
  static let python = "/usr/bin/python3"

  /// Whether `/usr/bin/python3` has `tomllib` (Python 3.11 or later).
  static let available: Bool = {
    guard FileManager.default.isExecutableFile(atPath: python) else { return false }
    return (try? run(["-c", "import tomllib"])) == 0
  }()

  /// What tomllib made of one document.
  enum Verdict: Equatable {
    /// Accepted; the canonical text of the tree, and whether an integer in
    /// it is outside 64 bits (Python's integers have no bound).
    case accepted(String, bigInteger: Bool)
    /// Refused, with tomllib's message.
    case refused(String)
  }

  /// Parses every document with tomllib in one Python process.
  static func parse(_ documents: [String]) throws -> [Verdict] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "keymenu-toml-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let script = directory.appendingPathComponent("canonical.py")
    let input = directory.appendingPathComponent("documents.json")
    let output = directory.appendingPathComponent("verdicts.jsonl")
    try Self.script.write(to: script, atomically: true, encoding: .utf8)
    try JSONSerialization.data(withJSONObject: documents).write(to: input)
    let status = try run([script.path, input.path, output.path])
    guard status == 0 else { throw CocoaError(.fileReadUnknown, userInfo: ["status": status]) }
    let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n")
    return try lines.map { line in
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
      if object["ok"] as? Bool == true {
        return .accepted(object["canonical"] as? String ?? "", bigInteger: object["big"] as? Bool ?? false)
      }
      return .refused(object["error"] as? String ?? "")
    }
  }

  private static func run(_ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// Reads a JSON array of documents, writes one JSON line per document: the
  /// canonical form of TOMLCanonical, or tomllib's error.
  static let script = #"""
    import datetime, json, math, struct, sys, tomllib

    def hx(text):
        return text.encode("utf-8").hex()

    def canonical(value, big):
        if isinstance(value, dict):
            items = sorted((hx(k), canonical(v, big)) for k, v in value.items())
            return "{" + ",".join('"%s":%s' % item for item in items) + "}"
        if isinstance(value, list):
            return "[" + ",".join(canonical(v, big) for v in value) + "]"
        if isinstance(value, bool):
            return '"b:%s"' % ("true" if value else "false")
        if isinstance(value, int):
            if not -2**63 <= value < 2**63:
                big.append(value)
            return '"i:%d"' % value
        if isinstance(value, float):
            return '"f:nan"' if math.isnan(value) else '"f:%s"' % struct.pack(">d", value).hex()
        if isinstance(value, str):
            return '"s:%s"' % hx(value)
        if isinstance(value, datetime.datetime):
            text = "%04d-%02d-%02dT%02d:%02d:%02d.%06d" % (
                value.year, value.month, value.day, value.hour, value.minute, value.second, value.microsecond)
            if value.tzinfo is None:
                return '"ldt:%s"' % text
            return '"odt:%s%+d"' % (text, value.utcoffset() // datetime.timedelta(minutes=1))
        if isinstance(value, datetime.date):
            return '"ld:%04d-%02d-%02d"' % (value.year, value.month, value.day)
        if isinstance(value, datetime.time):
            return '"lt:%02d:%02d:%02d.%06d"' % (value.hour, value.minute, value.second, value.microsecond)
        raise TypeError(type(value))

    with open(sys.argv[1], encoding="utf-8") as source, open(sys.argv[2], "w", encoding="utf-8") as out:
        for document in json.load(source):
            try:
                big = []
                text = canonical(tomllib.loads(document), big)
                out.write(json.dumps({"ok": True, "canonical": text, "big": bool(big)}) + "\n")
            except tomllib.TOMLDecodeError as error:
                out.write(json.dumps({"ok": False, "error": str(error)}) + "\n")
    """#
}
