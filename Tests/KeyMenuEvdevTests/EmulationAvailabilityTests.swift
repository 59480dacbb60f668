import Foundation
import Testing

/// The emulated-device suites skip when umockdev is missing, so that
/// `swift test` works anywhere. `make test` (and so CI) sets
/// `KEYMENU_REQUIRE_UMOCKDEV=1`: there a missing umockdev is a failure, not a skip.
@Suite struct EmulationAvailabilityTests {
  @Test func umockdevIsPresentWhenRequired() {
    let required = ProcessInfo.processInfo.environment["KEYMENU_REQUIRE_UMOCKDEV"] == "1"
    #expect(!required || Harness.hasUmockdev, "KEYMENU_REQUIRE_UMOCKDEV=1 but \(Harness.skipMessage)")
  }

  @Test func keymenuctlIsBuilt() {
    #expect(FileManager.default.isExecutableFile(atPath: Harness.keymenuctl), "missing \(Harness.keymenuctl)")
  }
}
