import Foundation
import KeyMenuTestSupport
import Testing

/// libsystemd (sd-bus) is not linked into keymenud but loaded when the
/// notify plugin first connects to a bus (CSystemdBusLibrary): an idle
/// keymenud does not map it, and without it the plugin says so once and
/// alerts work by key.
@Suite(.serialized)
struct NotifyLibraryTests {
  init() throws { try DaemonHarness.checkEmulation() }

  /// A launcher that writes keymenud's pid to `$DIR/keymenud.pid`, sets
  /// `environment`, and executes keymenud.
  static func launcher(_ directory: String, environment: [String] = []) -> [String] {
    [
      "/bin/sh", "-c",
      "echo $$ > \(directory)/keymenud.pid && exec env \(environment.joined(separator: " ")) \"$@\"", "sh",
    ]
  }

  /// A scenario command that succeeds when keymenud (the launcher's pid,
  /// mapping keymenud) maps libsystemd, or with `not`, when it does not.
  static func mapsLibsystemd(_ not: Bool = false) -> String {
    let maps = "/proc/$(cat $DIR/keymenud.pid)/maps"
    return "sh -c \"grep -q /keymenud \(maps) && \(not ? "! " : "")grep -q /libsystemd.so \(maps)\""
  }

  /// The notify plugin on, its bus an address where nothing listens.
  static func enableNotifyWithoutABus(_ harness: DaemonHarness) throws {
    try harness.writeConfig(
      """
      log_level = "info"
      [plugins.notify]
      enabled = true
      bus = "unix:path=\(harness.directory)/no-bus"
      """)
  }

  @Test(.enabled(if: DaemonHarness.runs))
  func libsystemdIsLoadedOnlyWhenTheNotifyPluginFirstConnects() throws {
    let harness = try DaemonHarness()
    try Self.enableNotifyWithoutABus(harness)
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      spawn plugins $CTL plugins --json
      reap plugins 0 'name.:.notify.,.state.:.running'
      until 5000 \(Self.mapsLibsystemd(true))
      spawn alert $CTL alert "Shown by key" --button No --button Yes
      until 5000 sh -c "$CTL state --json | grep -q 'Shown by key'"
      until 5000 \(Self.mapsLibsystemd())
      key 3 ENTER 1
      key 3 ENTER 0
      reap alert 0 ^Yes$
      """, launcher: Self.launcher(harness.directory))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("cannot connect to the bus at unix:path="), "\(result.stderr)")
    #expect(!result.stderr.contains("cannot load libsystemd"), "\(result.stderr)")
  }

  @Test(.enabled(if: DaemonHarness.runs))
  func aMissingLibsystemdIsReportedOnceAndAlertsWorkByKey() throws {
    let harness = try DaemonHarness()
    // An empty libsystemd.so.0 first on the search path: dlopen finds it and
    // fails ("file too short"), as it fails when the library is missing.
    let libraries = harness.directory + "/lib"
    try FileManager.default.createDirectory(atPath: libraries, withIntermediateDirectories: false)
    try Data().write(to: URL(fileURLWithPath: libraries + "/libsystemd.so.0"))
    try Self.enableNotifyWithoutABus(harness)
    let result = try harness.run(
      """
      plug 3 keyboard
      until 5000 $CTL status
      spawn first $CTL alert "First" --button No --button Yes
      until 5000 sh -c "$CTL state --json | grep -q First"
      key 3 ENTER 1
      key 3 ENTER 0
      reap first 0 ^Yes$
      spawn second $CTL alert "Second" --button No --button Yes
      until 5000 sh -c "$CTL state --json | grep -q Second"
      key 3 ENTER 1
      key 3 ENTER 0
      reap second 0 ^Yes$
      until 5000 \(Self.mapsLibsystemd(true))
      spawn plugins $CTL plugins --json
      reap plugins 0 'name.:.notify.,.state.:.running'
      """, launcher: Self.launcher(harness.directory, environment: ["LD_LIBRARY_PATH=\(libraries)"]))
    #expect(result.status == 0, "\(result.stderr)")
    let reports = result.stderr.split(separator: "\n").filter { $0.contains("cannot load libsystemd") }
    #expect(reports.count == 1, "\(result.stderr)")
    #expect(reports.first?.contains("libsystemd.so.0") == true, "\(result.stderr)")
    #expect(reports.first?.contains("Debian package libsystemd0") == true, "\(result.stderr)")
    #expect(!result.stderr.contains("cannot connect to the bus"), "\(result.stderr)")
  }
}
