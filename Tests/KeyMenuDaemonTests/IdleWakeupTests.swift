import Foundation
import KeyMenuTestSupport
import Testing

/// keymenud at rest wakes no thread, with the console plugin drawing on a
/// pty, the notify plugin on a D-Bus session bus and the speech plugin on
/// ALSA's null device, after they have shown an alert
/// (Tests/Fixtures/idle_wakeups.py); and their loops run on named threads of
/// their own, not on libdispatch's workers. No watchdog is asked for here:
/// under the shipped unit (`WatchdogSec=30s`) the engine thread's ping every
/// 15 s is the one wake-up at rest (bench/watchdog-idle.py, systemd/README.md).
@Suite struct IdleWakeupTests {
  static let hasBus = FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon")

  @Test(.enabled(if: hasBus || DaemonHarness.requireEmulation))
  func withTheConsoleNotifyAndSpeechPluginsOnNothingWakesAtRest() throws {
    let result = try TestProcess.run([
      DaemonHarness.systemPython, TestProcess.fixtures + "/idle_wakeups.py", DaemonHarness.keymenud,
      DaemonHarness.keymenuctl, "3",
    ])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    let threads = result.stdout.split(separator: "\n").compactMap {
      $0.split(separator: " ").first.map(String.init)
    }
    #expect(
      threads.contains("keymenu-console") && threads.contains("keymenu-notify")
        && threads.contains("keymenu-speech"), "\(threads)")
    // The main thread (which runs the engine, named keymenud), NIO's one
    // event loop and one thread per plugin loop: no pool.
    #expect(threads.filter { $0.hasPrefix("NIO-") }.count == 1, "\(threads)")
    let others = threads.filter {
      $0 != "total" && $0 != "keymenud" && !$0.hasPrefix("NIO-")
        && !["keymenu-console", "keymenu-notify", "keymenu-speech"].contains($0)
    }
    #expect(others.isEmpty, "\(threads)")
    // The engine on the main thread, and the thread libespeak-ng (1.51)
    // starts for itself when the engine loads it, named after it.
    #expect((1...2).contains(threads.filter { $0 == "keymenud" }.count), "\(threads)")
  }
}
