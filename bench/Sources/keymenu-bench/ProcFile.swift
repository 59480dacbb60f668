import Foundation

/// Reads `/proc` files, which report a size of 0: read to the end of the
/// stream, not to the size `stat` gives (`String(contentsOfFile:)` stops short
/// on a large `/proc/PID/smaps`).
enum ProcFile {
  /// The whole text of `path`, or nil when it cannot be opened.
  static func text(_ path: String) -> String? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    guard let data = try? handle.readToEnd() else { return nil }
    return String(decoding: data, as: UTF8.self)
  }
}
