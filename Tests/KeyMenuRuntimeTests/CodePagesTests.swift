import Foundation
import Glibc
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

  /// A library whose code the loader patched (text relocations, as old
  /// non-PIC libraries have): its read-only segment holds the process's own
  /// bytes, so a release leaves it mapped.
  @Test func aLibraryWithTextRelocationsKeepsItsPatchedCode() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "keymenu-textrel-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: directory) }
    let source = directory.appendingPathComponent("textrel.c")
    let library = directory.appendingPathComponent("libtextrel.so")
    try """
    int keymenu_textrel_value = 42;
    int *keymenu_textrel_address(void) {
      __asm__ volatile(".skip 6000, 0x90");
      return &keymenu_textrel_value;
    }
    void keymenu_textrel_filler(void) { __asm__ volatile(".skip 8192, 0x90"); }
    """.write(to: source, atomically: true, encoding: .utf8)
    // -mcmodel=large without PIC: the address is an immediate in the code,
    // patched by the loader (R_X86_64_64 in .text). The no-ops put the
    // patched instruction on a whole page of the code segment (a release
    // advises only whole pages).
    let compiler = Process()
    compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    compiler.arguments = [
      "clang", "-O1", "-fno-pic", "-mcmodel=large", "-shared", "-Wl,-z,notext", "-o", library.path,
      source.path,
    ]
    try compiler.run()
    compiler.waitUntilExit()
    try #require(compiler.terminationStatus == 0)
    let handle = try #require(dlopen(library.path, RTLD_NOW | RTLD_LOCAL))
    let value = try #require(dlsym(handle, "keymenu_textrel_value"))
    typealias AddressFunction = @convention(c) () -> UnsafeMutableRawPointer?
    let address = unsafeBitCast(
      try #require(dlsym(handle, "keymenu_textrel_address")), to: AddressFunction.self)
    #expect(address() == value)
    CodePages.release()
    #expect(address() == value, "the patched immediate is still there")
  }
}
