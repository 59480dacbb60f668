import KeyMenuCompat
import Synchronization
import Testing

/// Finding the real whiptail on PATH, never keymenu's own links or copies.
struct RealProgramLocatorTests {
  /// The paths whose bytes were compared with keymenu-whiptail's.
  final class Compared: Sendable {
    let paths = Mutex<[String]>([])
  }

  /// keymenu-whiptail's own file.
  static let own = ProgramFile(device: 1, inode: 100, size: 4096)

  /// A file system of executables and links (link -> target), where each
  /// resolved path is a file of its own on device 9 unless `files` says
  /// otherwise; `sameBytes` are the paths that hold keymenu-whiptail's
  /// bytes. The paths whose bytes were compared are noted in `compared`.
  func locator(
    path: String, executables: Set<String>, links: [String: String] = [:],
    files: [String: ProgramFile] = [:], sameBytes: Set<String> = [], compared: Compared? = nil
  ) -> RealProgramLocator {
    let own = Self.own
    return RealProgramLocator(
      searchPath: path, skippedDirectories: ["/usr/lib/keymenu/compat"], ownFile: own,
      resolve: { links[$0] ?? (executables.contains($0) ? $0 : nil) },
      isExecutable: { executables.contains($0) || links[$0] != nil },
      file: { path in
        let real = links[path] ?? path
        if real == "/usr/bin/keymenu-whiptail" { return own }
        return files[real] ?? ProgramFile(device: 9, inode: UInt64(real.utf8.count), size: 30_000)
      },
      hasOwnContents: { path in
        compared?.paths.withLock { $0.append(path) }
        return sameBytes.contains(path)
      })
  }

  @Test func theCompatDirectoryIsSkipped() {
    let found = locator(
      path: "/usr/lib/keymenu/compat:/usr/local/bin:/usr/bin",
      executables: ["/usr/bin/whiptail"],
      links: ["/usr/lib/keymenu/compat/whiptail": "/usr/bin/keymenu-whiptail"]
    ).locate("whiptail")
    #expect(found == "/usr/bin/whiptail")
  }

  @Test func aLinkToThisProgramElsewhereIsSkipped() {
    let found = locator(
      path: "/home/me/bin:/usr/bin", executables: ["/usr/bin/whiptail"],
      links: ["/home/me/bin/whiptail": "/usr/bin/keymenu-whiptail"]
    ).locate("whiptail")
    #expect(found == "/usr/bin/whiptail")
  }

  @Test func aCompatDirectoryNamedThroughALinkOrWithASlashIsSkipped() {
    let found = locator(
      path: "/opt/compat/:/usr/bin", executables: ["/usr/bin/whiptail"],
      links: ["/opt/compat": "/usr/lib/keymenu/compat", "/opt/compat/whiptail": "/usr/bin/keymenu-whiptail"]
    ).locate("whiptail")
    #expect(found == "/usr/bin/whiptail")
  }

  @Test func nothingWhenOnlyKeymenusOwnIsThere() {
    #expect(
      locator(
        path: "::/usr/lib/keymenu/compat", executables: [],
        links: ["/usr/lib/keymenu/compat/whiptail": "/usr/bin/keymenu-whiptail"]
      ).locate("whiptail") == nil)
  }

  /// Two names of one file (device and inode), which `realpath` does not
  /// tell apart: both are this program.
  @Test func aHardLinkToThisProgramIsSkippedWithoutReadingIt() {
    let compared = Compared()
    let found = locator(
      path: "/usr/local/bin:/opt/bin:/usr/bin",
      executables: ["/usr/local/bin/whiptail", "/opt/bin/whiptail", "/usr/bin/whiptail"],
      files: ["/usr/local/bin/whiptail": Self.own, "/opt/bin/whiptail": Self.own], compared: compared
    ).locate("whiptail")
    #expect(found == "/usr/bin/whiptail")
    #expect(compared.paths.withLock { $0 }.isEmpty)
  }

  /// A second install: another file of the same size and bytes.
  @Test func anIdenticalCopyOfThisProgramIsSkipped() {
    let copy = ProgramFile(device: 2, inode: 7, size: Self.own.size)
    let found = locator(
      path: "/opt/keymenu/bin:/usr/bin", executables: ["/opt/keymenu/bin/whiptail", "/usr/bin/whiptail"],
      files: ["/opt/keymenu/bin/whiptail": copy], sameBytes: ["/opt/keymenu/bin/whiptail"]
    ).locate("whiptail")
    #expect(found == "/usr/bin/whiptail")
  }

  /// Bytes are compared only for a file of this program's very size, and a
  /// file of that size with other bytes is a real program.
  @Test func onlyAFileOfTheSameSizeIsReadAndOtherBytesAreARealProgram() {
    let compared = Compared()
    let sameSize = ProgramFile(device: 1, inode: 8, size: Self.own.size)
    let found = locator(
      path: "/usr/local/bin:/usr/bin", executables: ["/usr/local/bin/whiptail", "/usr/bin/whiptail"],
      files: ["/usr/local/bin/whiptail": sameSize], compared: compared
    ).locate("whiptail")
    #expect(found == "/usr/local/bin/whiptail")
    #expect(compared.paths.withLock { $0 } == ["/usr/local/bin/whiptail"])
    let other = locator(path: "/usr/bin", executables: ["/usr/bin/whiptail"], compared: compared)
    #expect(other.locate("whiptail") == "/usr/bin/whiptail")
    #expect(compared.paths.withLock { $0 } == ["/usr/local/bin/whiptail"])
  }

  /// When this program's own file cannot be read, nothing is taken for it.
  @Test func withNoOwnFileNothingIsTakenForThisProgram() {
    var locator = locator(
      path: "/usr/local/bin", executables: ["/usr/local/bin/whiptail"],
      files: ["/usr/local/bin/whiptail": Self.own])
    locator.ownFile = nil
    #expect(locator.locate("whiptail") == "/usr/local/bin/whiptail")
  }
}
