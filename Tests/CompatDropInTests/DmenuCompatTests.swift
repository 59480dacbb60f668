import Foundation
import KeyMenuTestSupport
import Testing

/// keymenu-dmenu against keymenud on an emulated keyboard, as dmenu-style
/// scripts call it: the chosen line (or the text typed) on stdout, exit 1
/// on Esc; and boxes keymenu has no kind for yet still work through the
/// real whiptail. ScriptCasesTests compares 63 cases with Debian's dmenu.
@Suite(.serialized)
struct DmenuCompatTests {
  init() throws { try DaemonHarness.checkEmulation() }

  /// keymenu-dmenu as installed: a link to keymenu-whiptail, which is
  /// dmenu's under that name.
  @Test(.enabled(if: DaemonHarness.runs))
  func theChosenLineIsPrintedAndEscIsStatusOne() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    let dmenu = harness.directory + "/keymenu-dmenu"
    try FileManager.default.createSymbolicLink(
      atPath: dmenu, withDestinationPath: DaemonHarness.products + "/keymenu-whiptail")
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      spawn pick sh -c "printf 'apple\\nbanana\\ncherry\\n' | \(dmenu) -p Pick -l 3 -i -fn mono -nb '#000'"
      until 5000 sh -c "$CTL state --json | grep -q Pick"
      key 3 DOWN 1
      key 3 DOWN 0
      key 3 ENTER 1
      key 3 ENTER 0
      reap pick 0 ^banana$
      spawn filtered sh -c "printf 'Alpha\\tone\\nbeta\\n' | \(dmenu) -i -p Filter"
      until 5000 sh -c "$CTL state --json | grep -q Filter"
      key 3 P 1
      key 3 P 0
      until 5000 sh -c "$CTL state --json | grep -q '\\"filter\\":\\"p\\"'"
      key 3 ENTER 1
      key 3 ENTER 0
      reap filtered 0 "^Alpha\tone$"
      spawn gone sh -c "printf 'x\\ny\\n' | \(dmenu) -p Gone"
      until 5000 sh -c "$CTL state --json | grep -q Gone"
      key 3 ESC 1
      key 3 ESC 0
      reap gone 1 ^$
      spawn empty sh -c "printf '' | \(dmenu) -p Empty"
      until 5000 sh -c "$CTL state --json | grep -q Empty"
      key 3 ESC 1
      key 3 ESC 0
      reap empty 1 ^$
      """)
    #expect(result.status == 0, "\(result.stderr)")
  }

  /// `KEYMENU_ANSWER_KEYS=red=10,blue=11`: the remote's red key answers
  /// with the line selected and status 10, as rofi's custom keys; an
  /// unset variable leaves dmenu's answers as they are, and a bad one is
  /// a message and status 1 before anything is shown.
  @Test(.enabled(if: DaemonHarness.runs))
  func answerKeysFromTheEnvironmentExitWithTheirStatus() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    let dmenu = DaemonHarness.products + "/keymenu-dmenu"
    let result = try harness.run(
      """
      plug 5 remote
      until 5000 sh -c "$CTL call devices.list --json | grep -q 'IR Remote'"
      spawn red sh -c "printf 'one\\ntwo\\nthree\\n' | KEYMENU_ANSWER_KEYS=red=10,blue=11 \(dmenu) -l 3 -p Recordings"
      until 5000 sh -c "$CTL state --json | grep -q Recordings"
      key 5 DOWN 1
      key 5 DOWN 0
      until 5000 sh -c "$CTL state --json | grep -q '\\"highlight\\":1'"
      key 5 RED 1
      key 5 RED 0
      reap red 10 ^two$
      spawn bad sh -c "printf 'one\\n' | KEYMENU_ANSWER_KEYS=red=3 \(dmenu) 2>&1"
      reap bad 1 "KEYMENU_ANSWER_KEYS: 'red=3' is not NAME=STATUS"
      """)
    #expect(result.status == 0, "\(result.stderr)")
  }

  /// Issue 29: the chosen line comes out as it came in, byte for byte, as
  /// dmenu writes it: a Latin-1 byte stays (it was read as UTF-8 and came
  /// out as U+FFFD), a CRLF line keeps its CR (it was dropped).
  @Test(.enabled(if: DaemonHarness.runs))
  func theChosenLineComesOutByteForByte() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    let dir = harness.directory
    let dmenu = DaemonHarness.products + "/keymenu-dmenu"
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      spawn latin sh -c "printf 'caf\\351\\ntwo\\r\\n' | \(dmenu) -p Bytes >\(dir)/latin.out"
      until 5000 sh -c "$CTL state --json | grep -q Bytes"
      key 3 ENTER 1
      key 3 ENTER 0
      reap latin 0
      spawn crlf sh -c "printf 'caf\\351\\ntwo\\r\\n' | \(dmenu) -p Lines >\(dir)/crlf.out"
      until 5000 sh -c "$CTL state --json | grep -q Lines"
      key 3 DOWN 1
      key 3 DOWN 0
      key 3 ENTER 1
      key 3 ENTER 0
      reap crlf 0
      """)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(FileManager.default.contents(atPath: dir + "/latin.out") == Data([0x63, 0x61, 0x66, 0xE9, 0x0A]))
    #expect(FileManager.default.contents(atPath: dir + "/crlf.out") == Data("two\r\n".utf8))
  }

  /// Issue 29: Ctrl+Return writes the selected line at once and the menu
  /// stays open, as dmenu does; a script reading line by line acts on it
  /// before the menu closes.
  @Test(.enabled(if: DaemonHarness.runs))
  func controlReturnWritesTheLineAtOnceAndTheMenuStaysOpen() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    let dir = harness.directory
    let dmenu = DaemonHarness.products + "/keymenu-dmenu"
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      spawn many sh -c "printf 'one\\ntwo\\n' | \(dmenu) -l 2 -p Many >\(dir)/many.out"
      until 5000 sh -c "$CTL state --json | grep -q Many"
      key 3 LEFTCTRL 1
      key 3 ENTER 1
      key 3 ENTER 0
      key 3 LEFTCTRL 0
      until 5000 grep -q one \(dir)/many.out
      until 5000 sh -c "$CTL state --json | grep -q Many"
      key 3 DOWN 1
      key 3 DOWN 0
      key 3 ENTER 1
      key 3 ENTER 0
      reap many 0
      """)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try String(contentsOfFile: dir + "/many.out", encoding: .utf8) == "one\ntwo\n")
  }

  @Test(.enabled(if: DaemonHarness.runs && FileManager.default.isExecutableFile(atPath: "/usr/bin/whiptail")))
  func aBoxWithNoKindYetIsTheRealWhiptailsEvenWithADaemon() throws {
    let harness = try DaemonHarness()
    try harness.writeConfig("log_level = \"info\"\n")
    let dir = harness.directory
    let whiptail = DaemonHarness.products + "/keymenu-whiptail"
    let script =
      "KEYMENU_SOCKET=\(harness.socket) \(whiptail) --checklist 'Toppings?' 12 40 3 ham Ham on egg Egg off "
      + "olive Olive on 2>\(dir)/list.err; echo $? >\(dir)/list.status"
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      until 30000 \(DaemonHarness.fixtures)/compat/in_tmux.sh \(dir) list Toppings Down Space Enter -- "\(script)"
      """)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try String(contentsOfFile: "\(dir)/list.status", encoding: .utf8) == "0\n")
    #expect(try String(contentsOfFile: "\(dir)/list.err", encoding: .utf8) == "\"ham\" \"egg\" \"olive\"")
  }
}
