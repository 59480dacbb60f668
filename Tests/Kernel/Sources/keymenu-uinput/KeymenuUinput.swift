import ArgumentParser

/// `keymenu-uinput`: the real-kernel suite's test tool. It makes keyboards
/// through uinput, and stands in for another program reading the same
/// device: one that tries to grab it, and one that just reads it (the
/// focused application).
@main
struct KeymenuUinput: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "keymenu-uinput",
    abstract: "Make uinput keyboards and read or grab evdev devices, for keymenu's real-kernel tests.",
    discussion: """
      Needs /dev/uinput (the uinput module) and read access to /dev/input.

      EXIT STATUS
        0  done
        1  grab: the device is grabbed by another reader (EBUSY)
        2  usage error
        3  a device could not be made, opened, written or read
      """,
    subcommands: [KeyboardCommand.self, GrabCommand.self, WatchCommand.self, RunAsCommand.self]
  )
}

/// The exit statuses besides 0 and ArgumentParser's 2 (usage).
enum ExitStatus {
  /// A device could not be made, opened, written or read.
  static let failed = ExitCode(3)
  /// `grab`: another reader holds the grab.
  static let busy = ExitCode(1)
}
