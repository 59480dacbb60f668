import KeyMenuCompat
import Testing

/// Finding the real whiptail on PATH, never keymenu's own links.
struct RealProgramLocatorTests {
  /// A file system of executables and links (link -> target).
  func locator(path: String, files: Set<String>, links: [String: String] = [:]) -> RealProgramLocator {
    RealProgramLocator(
      searchPath: path, skippedDirectories: ["/usr/lib/keymenu/compat"],
      ownExecutable: "/usr/bin/keymenu-whiptail",
      resolve: { links[$0] ?? (files.contains($0) ? $0 : nil) },
      isExecutable: { files.contains($0) || links[$0] != nil })
  }

  @Test func theCompatDirectoryIsSkipped() {
    let found = locator(
      path: "/usr/lib/keymenu/compat:/usr/local/bin:/usr/bin",
      files: ["/usr/bin/whiptail"],
      links: ["/usr/lib/keymenu/compat/whiptail": "/usr/bin/keymenu-whiptail"]
    ).locate("whiptail")
    #expect(found == "/usr/bin/whiptail")
  }

  @Test func aLinkToThisProgramElsewhereIsSkipped() {
    let found = locator(
      path: "/home/me/bin:/usr/bin", files: ["/usr/bin/whiptail"],
      links: ["/home/me/bin/whiptail": "/usr/bin/keymenu-whiptail"]
    ).locate("whiptail")
    #expect(found == "/usr/bin/whiptail")
  }

  @Test func aCompatDirectoryNamedThroughALinkOrWithASlashIsSkipped() {
    let found = locator(
      path: "/opt/compat/:/usr/bin", files: ["/usr/bin/whiptail"],
      links: ["/opt/compat": "/usr/lib/keymenu/compat", "/opt/compat/whiptail": "/usr/bin/keymenu-whiptail"]
    ).locate("whiptail")
    #expect(found == "/usr/bin/whiptail")
  }

  @Test func nothingWhenOnlyKeymenusOwnIsThere() {
    #expect(
      locator(
        path: "::/usr/lib/keymenu/compat", files: [],
        links: ["/usr/lib/keymenu/compat/whiptail": "/usr/bin/keymenu-whiptail"]
      ).locate("whiptail") == nil)
  }
}
