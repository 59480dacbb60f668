import Foundation
import KeyMenuTestSupport
import Testing

/// keymenud at rest wakes no thread, with the console plugin drawing on a
/// pty and the notify plugin on a D-Bus session bus, after both have shown
/// an alert (Tests/Fixtures/idle_wakeups.py); and their loops run on named
/// threads of their own, not on libdispatch's workers.
@Suite struct IdleWakeupTests {
  static let hasBus = FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon")

  @Test(.enabled(if: hasBus || DaemonHarness.requireEmulation))
  func withTheConsoleAndNotifyPluginsOnNothingWakesAtRest() throws {
    let result = try TestProcess.run([
      DaemonHarness.systemPython, TestProcess.fixtures + "/idle_wakeups.py", DaemonHarness.keymenud,
      DaemonHarness.keymenuctl, "3",
    ])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    let threads = result.stdout.split(separator: "\n").compactMap {
      $0.split(separator: " ").first.map(String.init)
    }
    #expect(threads.contains("keymenu-console") && threads.contains("keymenu-notify"), "\(threads)")
    #expect(threads.contains("keymenu-engine"))
    // keymenud, two NIO loops, the engine and one thread per plugin loop: no pool.
    #expect(threads.filter { $0 != "total" }.count == 6, "\(threads)")
  }
}
