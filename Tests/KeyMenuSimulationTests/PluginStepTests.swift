import KeyMenuKinds
import KeyMenuPluginAPI
import KeyMenuSimulation
import Testing

/// `plugin` and `call`: a scenario reaches a modal kind's socket methods
/// only through a plugin it started, and says so when it cannot.
@Suite struct PluginStepTests {
  func run(_ text: String) throws -> [String] {
    Simulator(kinds: ModalKinds.catalog).run(try Scenario(parsing: text)).map {
      String($0.drop { $0 == " " })
    }
  }

  @Test func aMethodNeedsItsPluginStarted() throws {
    let lines = try run("call c1 countdown.start title=T seconds=1")
    #expect(lines == ["0ms  error: line 1: no running plugin carries out countdown.start"])
  }

  @Test func anUnknownPluginIsAnErrorNamingTheKnownOnes() throws {
    let lines = try run("plugin clock")
    // Every kind of the catalog, in its order (a new kind needs no change here).
    let known = ModalKinds.catalog.descriptors.map(\.name)
    #expect(known.starts(with: ["alerts", "menus", "countdown", "prompt"]))
    #expect(lines == ["0ms  error: line 1: no plugin clock (\(known.joined(separator: ", ")))"])
  }

  @Test func paramsAreNumbersBooleansOrStrings() throws {
    let lines = try run(
      """
      plugin countdown
      call c1 countdown.start title=5 seconds=2
      """)
    // title=5 is a number, so the method refuses it as a title.
    #expect(lines.last?.hasPrefix("0ms  c1 failed -32602 invalid params: title:") == true, "\(lines)")
  }

  @Test func aSecondPluginLineStartsNothingTwice() throws {
    let lines = try run(
      """
      plugin countdown
      plugin countdown
      call c1 countdown.start title=Once seconds=1
      wait 1s
      """)
    #expect(lines == ["0ms  alert shown \"Once\": [Cancel]", "1000ms  c1 answered {\"finished\":true}"])
  }
}
