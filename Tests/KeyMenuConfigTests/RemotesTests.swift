import KeyMenuConfig
import KeyMenuCore
import Testing

/// `[[remotes]]`: scancode tables for IR remotes the kernel has no keymap
/// for, matched by a device rule; drop-ins add remotes; clear errors.
@Suite struct RemotesTests {
  @Test func aRemoteMapsItsScancodesByItsDeviceRule() throws {
    let config = try load(
      """
      [[remotes]]
      name = "*IR Receiver*"
      release_ms = 150
      scancodes = { 0x40 = "KEY_ENTER", 65 = "esc", 0x0000ff00 = "KEY_MENU" }
      """)
    let remote = try #require(config.remotes.first)
    #expect(remote.match == DeviceMatch(name: "*IR Receiver*"))
    #expect(remote.scancodes.keys == [0x40: .enter, 65: .escape, 0xff00: KeyCode(139)])
    #expect(remote.scancodes.releaseAfter == .milliseconds(150))
    #expect(remote.scancodes.repeatDelay == .milliseconds(500))
    let receiver = DeviceIdentity(path: "/dev/input/event11", name: "keymenu Test IR Receiver")
    #expect(config.remoteScancodes(for: receiver) == remote.scancodes)
    #expect(config.remoteScancodes(for: DeviceIdentity(path: "/dev/input/event3", name: "Keyboard")) == nil)
  }

  @Test func dropInsAddRemotes() throws {
    let documents = [
      "[[remotes]]\nname = \"A\"\nscancodes = { 1 = \"KEY_ENTER\" }",
      "[[remotes]]\nname = \"B\"\nscancodes = { 2 = \"KEY_ESC\" }",
    ].enumerated().map { ConfigDocument(file: "\($0.offset).toml", text: $0.element) }
    let config = try ConfigurationLoader.parse(documents, keyNames: testKeyNames, lookup: testAccounts).get()
    #expect(config.remotes.map(\.match.name) == ["A", "B"])
  }

  @Test func badEntriesSayWhatIsExpected() {
    let found = errors(
      """
      [[remotes]]
      scancodes = { 1 = "KEY_ENTER" }
      [[remotes]]
      name = "x"
      [[remotes]]
      name = "y"
      scancodes = { 0xZZ = "KEY_ENTER", 3 = "KEY_NOPE" }
      """)
    #expect(found.contains { $0.contains("[[remotes]] entry matches no device") }, "\(found)")
    #expect(found.contains { $0.contains("[[remotes]] entry maps no scancode") }, "\(found)")
    #expect(found.contains { $0.contains("'0xZZ' is not a scancode") }, "\(found)")
    #expect(found.contains { $0.contains("unknown key 'KEY_NOPE' for scancode 3") }, "\(found)")
  }
}
