import Foundation
import KeyMenuTestSupport
import Testing

/// The media-box case end to end: the remote's Menu key opens a configured
/// menu, its item runs a script as `nobody`, the script asks with
/// `keymenuctl alert` over the connection keymenud handed it (`KEYMENU_FD`,
/// drive tier for the script's lifetime, while `nobody` on the socket stays
/// observe), the remote answers, and the script acts on the answer.
@Suite(.serialized)
struct MediaBoxTests {
  init() throws { try DaemonHarness.checkEmulation() }

  @Test(.enabled(if: DaemonHarness.runs))
  func remoteMenuScriptAlertAnswerAction() throws {
    let harness = try ExternalPluginTests.harness(copying: [])
    let out = harness.directory + "/out"
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
    chmod(out, 0o777)
    // A copy nobody can run wherever the checkout is (a clone under a 0700
    // directory is out of its reach).
    let keymenuctl = harness.directory + "/keymenuctl"
    try FileManager.default.copyItem(atPath: DaemonHarness.keymenuctl, toPath: keymenuctl)
    chmod(keymenuctl, 0o755)
    let script = harness.directory + "/ask-reboot.sh"
    try """
    #!/bin/sh
    # What an administrator writes: ask, then act on the button chosen.
    answer=$(\(keymenuctl) alert "Reboot now?" --message "Updates are installed." \\
               --button Later --button Reboot --cancel 0)
    status=$?
    echo "$status $answer fd=$KEYMENU_FD menu=$KEYMENU_MENU item=$KEYMENU_ITEM user=$(id -un)" > \(out)/$1
    # The socket alone, as nobody, is only the observe tier.
    \(keymenuctl) --version >/dev/null
    KEYMENU_FD= \(keymenuctl) call alert.show '{"title":"sneaky"}' 2> \(out)/$1.socket
    echo "socket: $?" >> \(out)/$1.socket
    """.write(toFile: script, atomically: true, encoding: .utf8)
    chmod(script, 0o755)
    // PROTOCOL.md's example client, as printed there, run as a command.
    let protocolDoc = try String(
      contentsOfFile: DaemonHarness.fixtures + "/../../docs/PROTOCOL.md", encoding: .utf8)
    let section = try #require(protocolDoc.range(of: "## Example client (Python)"))
    let start = try #require(
      protocolDoc.range(of: "```python\n", range: section.upperBound..<protocolDoc.endIndex))
    let end = try #require(protocolDoc.range(of: "\n```", range: start.upperBound..<protocolDoc.endIndex))
    let example = harness.directory + "/ask.py"
    try String(protocolDoc[start.upperBound..<end.lowerBound]).write(
      toFile: example, atomically: true, encoding: .utf8)
    chmod(example, 0o755)
    try harness.writeConfig(
      """
      log_level = "info"
      [commands]
      enabled = true
      user = "nobody"
      [socket]
      mode = "0666"
      [[hotkeys]]
      key = "KEY_MENU"
      menu = "box"
      [menus.box]
      title = "Media box"
      items = [
        { title = "Reboot", run = ["/bin/sh", "\(script)", "first"] },
        { title = "Reboot again", run = ["/bin/sh", "\(script)", "second"] },
        { title = "Ask in Python", run = ["/bin/sh", "-c", "/usr/bin/python3 \(example) > \(out)/python; echo $? >> \(out)/python"] },
      ]
      """)
    let result = try harness.run(
      """
      plug 5 remote
      until 5000 $CTL status
      key 5 MENU 1
      key 5 MENU 0
      until 3000 sh -c "$CTL state --json | grep -q 'Media box'"
      key 5 OK 1
      key 5 OK 0
      until 5000 sh -c "$CTL state --json | grep -q 'Reboot now'"
      key 5 OK 1
      key 5 OK 0
      until 5000 test -s $DIR/out/first
      key 5 MENU 1
      key 5 MENU 0
      until 3000 sh -c "$CTL state --json | grep -q 'Media box'"
      key 5 DOWN 1
      key 5 DOWN 0
      key 5 OK 1
      key 5 OK 0
      until 5000 sh -c "$CTL state --json | grep -q 'Reboot now'"
      key 5 BACK 1
      key 5 BACK 0
      until 5000 test -s $DIR/out/second.socket
      key 5 MENU 1
      key 5 MENU 0
      until 3000 sh -c "$CTL state --json | grep -q 'Media box'"
      key 5 UP 1
      key 5 UP 0
      key 5 OK 1
      key 5 OK 0
      until 5000 sh -c "$CTL state --json | grep -q 'Reboot now'"
      key 5 OK 1
      key 5 OK 0
      until 5000 grep -q '^0$' $DIR/out/python
      """)
    #expect(result.status == 0, "\(result.stderr)")
    let first = try String(contentsOfFile: out + "/first", encoding: .utf8)
    #expect(first == "0 Reboot fd=3 menu=box item=Reboot user=nobody\n")
    let second = try String(contentsOfFile: out + "/second", encoding: .utf8)
    #expect(second.hasPrefix("3 Later fd=3 menu=box item=Reboot again"), "Back is Esc: exit 3")
    let socket = try String(contentsOfFile: out + "/second.socket", encoding: .utf8)
    #expect(socket.contains("-32001") && socket.hasSuffix("socket: 255\n"), "\(socket)")
    let python = try String(contentsOfFile: out + "/python", encoding: .utf8)
    #expect(
      python == "{\"button\": 1, \"device\": 1, \"reason\": \"key\", \"title\": \"Reboot\"}\n0\n", "\(python)"
    )
  }
}
