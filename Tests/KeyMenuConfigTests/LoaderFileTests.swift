import Foundation
import KeyMenuConfig
import Logging
import Testing

@Suite struct LoaderFileTests {
  func load(_ file: String, dropIns: String?) -> Result<DaemonConfiguration, ConfigErrors> {
    ConfigurationLoader.load(
      file: file, dropInDirectory: dropIns, keyNames: testKeyNames, lookup: testAccounts)
  }

  @Test func dropInsAreReadInNameOrderAfterTheMainFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let main = try directory.write(
      "keymenu.toml", "log_level = \"debug\"\n[[hotkeys]]\nkey = \"m\"\ninvoke = \"main\"")
    let first = try directory.write("conf.d/10-first.toml", "log_level = \"notice\"")
    let second = try directory.write(
      "conf.d/20-second.toml", "log_level = \"error\"\n[[hotkeys]]\nkey = \"KEY_HOME\"\ninvoke = \"drop-in\"")
    try directory.write("conf.d/.hidden.toml", "this is not = toml")
    try directory.write("conf.d/README", "not toml either")
    let config = try load(main, dropIns: directory.path + "/conf.d").get()
    #expect(config.sources == [main, first, second])
    #expect(config.logLevel == .error)
    #expect(config.hotkeys.map(\.action) == [.invoke("main"), .invoke("drop-in")])
  }

  @Test func aMissingDropInDirectoryIsFine() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let main = try directory.write("keymenu.toml", "")
    #expect(try load(main, dropIns: directory.path + "/conf.d").get().sources == [main])
  }

  @Test func aMissingMainFileIsAnErrorWithoutAPlace() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let main = directory.path + "/missing.toml"
    #expect(
      errors(of: load(main, dropIns: nil)) == [
        "\(main):0:0: cannot read configuration file: No such file or directory"
      ])
  }

  @Test func symbolicLinksAreFollowedToRegularFiles() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let target = try directory.write("store/real.toml", "log_level = \"debug\"\n")
    let dropIn = try directory.write("store/extra.toml", "[devices]\ngrab = \"never\"\n")
    try FileManager.default.createDirectory(
      atPath: directory.path + "/conf.d", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: directory.path + "/keymenu.toml", withDestinationPath: target)
    try FileManager.default.createSymbolicLink(
      atPath: directory.path + "/conf.d/10-extra.toml", withDestinationPath: dropIn)
    let loaded = try load(directory.path + "/keymenu.toml", dropIns: directory.path + "/conf.d").get()
    #expect(loaded.logLevel == .debug)
    #expect(loaded.grab == .never)
  }

  @Test func aLinkToNothingOrToADirectorySaysSo() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let dangling = directory.path + "/dangling.toml"
    try FileManager.default.createSymbolicLink(
      atPath: dangling, withDestinationPath: directory.path + "/gone.toml")
    #expect(
      errors(of: load(dangling, dropIns: nil)) == [
        "\(dangling):0:0: cannot read configuration file: No such file or directory (a symbolic link to a missing file)"
      ])
    let linked = directory.path + "/dir.toml"
    try FileManager.default.createSymbolicLink(atPath: linked, withDestinationPath: directory.path)
    #expect(
      errors(of: load(linked, dropIns: nil)) == [
        "\(linked):0:0: cannot read configuration file: not a regular file"
      ])
  }

  @Test func aDirectoryIsNotAConfigurationFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    #expect(
      errors(of: load(directory.path, dropIns: nil)) == [
        "\(directory.path):0:0: cannot read configuration file: not a regular file"
      ])
  }

  @Test func aDropInPathThatIsAFileIsAnError() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let main = try directory.write("keymenu.toml", "")
    #expect(
      errors(of: load(main, dropIns: main)) == [
        "\(main):0:0: cannot read drop-in directory: Not a directory"
      ])
  }

  @Test func filesOverOneMebibyteAreRefused() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let comment = "#" + String(repeating: "x", count: 1022) + "\n"
    let exactly = try directory.write("exact.toml", String(repeating: comment, count: 1024))
    let tooBig = try directory.write("big.toml", String(repeating: comment, count: 1024) + "\n")
    #expect(throws: Never.self) { try load(exactly, dropIns: nil).get() }
    #expect(
      errors(of: load(tooBig, dropIns: nil)) == [
        "\(tooBig):0:0: cannot read configuration file: larger than 1 MiB"
      ])
  }

  @Test func textsOverOneMebibyteAreRefusedToo() {
    let text = String(repeating: "#\n", count: 512 * 1024) + "\n"
    #expect(
      errors(text) == [
        "test.toml:0:0: file is 1048577 bytes; configuration files may be at most 1048576 bytes (1 MiB)"
      ])
  }

  @Test func invalidUTF8IsReportedWhereItIs() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.path + "/latin1.toml"
    try Data([0x61, 0x20, 0x3D, 0x20, 0x31, 0x0A, 0x23, 0x20, 0xE9, 0x0A]).write(
      to: URL(fileURLWithPath: file))
    #expect(
      errors(of: load(file, dropIns: nil)) == [
        "\(file):2:3: invalid UTF-8; configuration files must be UTF-8 text"
      ])
  }
}
