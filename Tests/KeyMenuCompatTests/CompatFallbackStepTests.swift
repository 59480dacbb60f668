import KeyMenuCompat
import Testing

/// When keymenud cannot answer: the real program runs marked, and a
/// marked command never falls back again (it would loop).
struct CompatFallbackStepTests {
  let reason = "no socket at /run/keymenu/keymenu.sock (is keymenud running?)"

  @Test func theRealProgramRunsWithThePathItRunsAsTheMark() {
    let step = CompatFallback(.whiptail).step(because: reason, found: "/usr/bin/whiptail", mark: nil)
    #expect(step == .run(path: "/usr/bin/whiptail", mark: "/usr/bin/whiptail"))
    #expect(CompatFallback.markName == "KEYMENU_COMPAT_FALLBACK")
  }

  @Test func anEmptyMarkIsNone() {
    let step = CompatFallback.dmenu.step(because: reason, found: "/usr/bin/dmenu", mark: "")
    #expect(step == .run(path: "/usr/bin/dmenu", mark: "/usr/bin/dmenu"))
  }

  @Test func withNoRealProgramTheCommandSaysHowToInstallOne() {
    let whiptail = CompatFallback(.whiptail)
    #expect(whiptail.errorStatus == 255)
    #expect(
      whiptail.step(because: reason, found: nil, mark: nil)
        == .refuse(
          message: "keymenu-whiptail: \(reason); and no real whiptail is installed to run instead "
            + "(apt install whiptail)\n"))
    #expect(CompatFallback(.dialog).errorStatus == 255)
    #expect(CompatFallback.dmenu.errorStatus == 1)
    guard case .refuse(let message) = CompatFallback.dmenu.step(because: reason, found: nil, mark: nil) else {
      Issue.record("dmenu fell back with nothing found")
      return
    }
    #expect(message.hasPrefix("keymenu-dmenu: ") && message.contains("(apt install suckless-tools)"))
  }

  /// Marked: refused whether or not a program was found, naming the loop,
  /// the program that ran keymenu again and what to do.
  @Test func aMarkedCommandNeverFallsBackAgain() {
    for found in ["/home/me/bin/whiptail", nil] {
      let step = CompatFallback(.dialog).step(because: reason, found: found, mark: "/home/me/bin/dialog")
      guard case .refuse(let message) = step else {
        Issue.record("fell back again: \(step)")
        continue
      }
      #expect(message.hasPrefix("keymenu-dialog: \(reason); and not falling back to a real dialog again: "))
      #expect(message.contains("KEYMENU_COMPAT_FALLBACK=/home/me/bin/dialog"))
      #expect(message.contains("would loop"))
      #expect(
        message.hasSuffix(
          "Put the real dialog (apt install dialog) before /home/me/bin/dialog on PATH, "
            + "or remove /home/me/bin/dialog\n"))
    }
  }

  /// The mark comes from the environment: shown with its control
  /// characters made visible, and cut short.
  @Test func theMarkIsShownSafelyAndShort() {
    let mark = "/tmp/\u{1B}[2J\u{202E}x" + String(repeating: "y", count: 10_000)
    guard case .refuse(let message) = CompatFallback(.whiptail).step(because: reason, found: nil, mark: mark)
    else {
      Issue.record("fell back again")
      return
    }
    #expect(!message.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
    #expect(message.utf8.count < 2_000)
    #expect(message.last == "\n" && message.dropLast().allSatisfy { $0 != "\n" })
  }
}
