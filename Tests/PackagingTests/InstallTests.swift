import Foundation
import KeyMenuTestSupport
import Testing

/// `make install` and `make uninstall` into a temporary DESTDIR
/// (scripts/check-install.sh, stand-in binaries): what lands where,
/// including the compatible commands and the compat directory, never a
/// whiptail, dialog or dmenu in the bin directory; and keymenu-run.
struct InstallTests {
  static let repository = TestProcess.testsDirectory + "/.."

  @Test(arguments: ["/usr", "/usr/local"])
  func installAndUninstall(prefix: String) throws {
    let run = try TestProcess.run([Self.repository + "/scripts/check-install.sh", prefix])
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.contains("ok: compat links in \(prefix)/lib/keymenu/compat"))
  }

  @Test func keymenuRunPutsTheCompatDirectoryFirstOnPath() throws {
    let harness = try DaemonHarness.compatDirectory()
    let run = try TestProcess.run(
      [
        Self.repository + "/scripts/keymenu-run", "sh", "-c",
        "for p in whiptail dialog dmenu; do command -v $p; done; exit 7",
      ],
      environment: ["KEYMENU_COMPAT_DIR": harness.directory + "/compat"])
    #expect(run.status == 7, "the command's own exit status")
    #expect(
      run.stdout == ["whiptail", "dialog", "dmenu"].map { "\(harness.directory)/compat/\($0)\n" }.joined())
    let missing = try TestProcess.run(
      [Self.repository + "/scripts/keymenu-run", "true"],
      environment: ["KEYMENU_COMPAT_DIR": harness.directory + "/none"])
    #expect(missing.status == 127 && missing.stderr.contains("no compat directory"))
  }
}
