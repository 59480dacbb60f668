import Foundation
import KeyMenuRuntime
import Testing

/// Giving code pages back, in this test process: what is resident from
/// files drops, and nothing the process wrote (its data, its relocated
/// pointers) is lost.
@Suite struct CodePagesTests {
  /// Written before the release: a data page of this binary's writable
  /// segment, which a release must leave alone (MADV_DONTNEED on it would
  /// bring back the file's zero).
  nonisolated(unsafe) static var written = 0

  /// This process's resident file-backed memory, in kB (/proc/self/status).
  static func residentFileKilobytes() throws -> Int {
    let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("RssFile:") })
    return try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
  }

  @Test func aReleaseDropsResidentCodeAndKeepsWrittenData() throws {
    Self.written = 4242
    let greeting: any CustomStringConvertible = "still callable"
    let before = try Self.residentFileKilobytes()
    let released = CodePages.release()
    let after = try Self.residentFileKilobytes()
    #expect(released.ranges > 0)
    #expect(released.bytes > 0)
    #expect(after < before, "resident file pages \(before) kB before, \(after) kB after")
    #expect(Self.written == 4242)
    // A call through an existential's witness table, a relocated pointer in
    // a read-only-after-relocation page.
    #expect(greeting.description == "still callable")
  }
}
