import Foundation
import KeyMenuTestSupport
import Testing

/// The shipped polkit rule (systemd/polkit/50-keymenu-power.rules), run by
/// a JavaScript engine (node) against polkit's rule API as polkitd calls it:
/// logind's power actions for members of keymenu-power, nothing else.
@Suite struct PolkitRuleTests {
  static let node = ["/usr/bin/node", "/usr/local/bin/node"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
  static let rule = TestProcess.fixtures + "/../../systemd/polkit/50-keymenu-power.rules"

  /// What the rule answers for each `action groups` case, one per line.
  func decisions(_ cases: [(action: String, groups: [String])]) throws -> [String] {
    let list = cases.map { "[\"\($0.action)\", [\($0.groups.map { "\"\($0)\"" }.joined(separator: ","))]]" }
    let script = """
      const fs = require("fs");
      const rules = [];
      const polkit = { Result: { YES: "yes", NO: "no", NOT_HANDLED: "not handled" }, addRule: (f) => rules.push(f) };
      new Function("polkit", fs.readFileSync(process.argv[1], "utf8"))(polkit);
      for (const [id, groups] of [\(list.joined(separator: ","))]) {
        const subject = { user: "keymenu-run", isInGroup: (g) => groups.includes(g) };
        console.log(rules.map((f) => f({ id: id }, subject)).join(","));
      }
      """
    let result = try TestProcess.run([Self.node ?? "node", "-e", script, Self.rule])
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.split(separator: "\n").map(String.init)
  }

  @Test(.enabled(if: node != nil, "needs node to run the rule's JavaScript"))
  func powerActionsOnlyForTheGroup() throws {
    #expect(
      try decisions([
        ("org.freedesktop.login1.reboot", ["keymenu-power"]),
        ("org.freedesktop.login1.power-off-multiple-sessions", ["nogroup", "keymenu-power"]),
        ("org.freedesktop.login1.suspend", ["keymenu-power"]),
        ("org.freedesktop.login1.reboot", ["nogroup"]),
        ("org.freedesktop.login1.reboot", ["keymenu", "keymenu-admin"]),
        ("org.freedesktop.systemd1.manage-units", ["keymenu-power"]),
        ("org.freedesktop.login1.set-wall-message", ["keymenu-power"]),
      ]) == ["yes", "yes", "yes", "not handled", "not handled", "not handled", "not handled"])
  }
}
