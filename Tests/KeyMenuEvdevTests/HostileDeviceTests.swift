import Foundation
import KeyMenuCore
import KeyMenuTestSupport
import Testing

/// A device whose name and phys carry escape sequences, BEL, newlines and a
/// bidi override (any USB gadget can call itself that): `keymenuctl devices`
/// and `monitor` print them visibly, never raw, in text and JSON alike.
@Suite(.enabled(if: Harness.hasUmockdev, Harness.skipMessage))
struct HostileDeviceTests {
  static let name = "Evil\u{1B}]0;pwned\u{07}\u{1B}[2J\n\nfake log: admin \u{202E}gnp.exe"
  static let shownName = "Evil␛]0;pwned␇␛[2J␊␊fake log: admin <U+202E>gnp.exe"

  /// Whether `text` holds nothing but allowed characters and newlines.
  static func isClean(_ text: String) -> Bool { ShownText.isClean(text, allowingNewlines: true) }

  @Test func devicesTextShowsTheNameVisiblyOnItsLine() throws {
    let result = try Harness.run(Harness.testbed([("hostile", 9)]) + ["--", Harness.keymenuctl, "devices"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(Self.isClean(result.stdout), "\(ShownText.escaped(result.stdout))")
    #expect(result.stdout.contains("/dev/input/event9  \(Self.shownName)\n"), "\(result.stdout)")
    #expect(result.stdout.contains("phys usb-evil␛[31m/input0"), "\(result.stdout)")
  }

  @Test func devicesJSONCarriesTheExactNameEscaped() throws {
    let result = try Harness.run(
      Harness.testbed([("hostile", 9)]) + ["--", Harness.keymenuctl, "devices", "--json"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(ShownText.isClean(result.stdout.trimmingCharacters(in: .newlines)), "\(result.stdout)")
    #expect(result.stdout.contains(#""Evil\u001b]0;pwned\u0007\u001b[2J\n\nfake log: admin \u202egnp.exe""#))
    #expect(result.objects.first?["name"] as? String == Self.name)
  }

  @Test func monitorPrintsTheArrivalSafely() throws {
    let result = try Harness.hotplug(
      """
      wait 300
      plug 9 hostile
      expect 'event9'
      signal TERM
      exit
      """, ["monitor"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(Self.isClean(result.stdout), "\(ShownText.escaped(result.stdout))")
    #expect(result.stdout.contains(Self.shownName), "\(result.stdout)")
  }
}
