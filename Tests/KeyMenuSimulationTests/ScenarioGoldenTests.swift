import Foundation
import KeyMenuKinds
import KeyMenuSimulation
import Testing

/// Every scenario in `examples/scenarios` is a golden test: the simulated
/// timeline must equal its expected section (after `---`).
@Suite struct ScenarioGoldenTests {
  static let directory: String = {
    let file = #filePath
    let tests = file[..<file.lastIndex(of: "/")!]
    let root = tests[..<tests.lastIndex(of: "/")!]
    return String(root[..<root.lastIndex(of: "/")!]) + "/examples/scenarios"
  }()

  static let scenarios: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter {
      $0.hasSuffix(".scenario")
    }.sorted()

  @Test func theExamplesAreThere() {
    #expect(Self.scenarios.count >= 10, "found \(Self.scenarios)")
  }

  @Test(arguments: scenarios)
  func timelineMatchesTheExpectedSection(_ name: String) throws {
    let text = try String(contentsOfFile: Self.directory + "/" + name, encoding: .utf8)
    let scenario = try Scenario(parsing: text)
    #expect(!scenario.expected.isEmpty, "\(name) has no expected section")
    let timeline = Simulator(kinds: ModalKinds.catalog).run(scenario).map { String($0.drop { $0 == " " }) }
    #expect(
      timeline == scenario.expected,
      "\(name)\n--- expected\n\(scenario.expected.joined(separator: "\n"))\n--- actual\n\(timeline.joined(separator: "\n"))"
    )
  }
}

@Suite struct ScenarioParserTests {
  @Test(arguments: [
    ("bogus", 1, "unknown command 'bogus'"),
    ("menu m \"M\"\nitem x \"A\"", 2, "no menu x declared above"),
    ("open nowhere", 1, "nowhere is not declared above"),
    ("wait soon", 1, "expected a duration such as 50ms or 5s, not 'soon'"),
    ("press KEY_NOPE", 1, "unknown key KEY_NOPE"),
    ("menu m \"M", 1, "unterminated quote"),
    ("alert a \"A\" cancel=first", 1, "cancel= needs a number, not 'first'"),
    ("menu m \"M\"\nitem m \"A\" key=hyper+a", 2, "key=hyper+a: unknown modifier hyper"),
    ("menu m \"M\" extra", 1, "unexpected 'extra'"),
  ])
  func errorsNameTheLineAndTheProblem(text: String, line: Int, message: String) {
    do {
      _ = try Scenario(parsing: text)
      Issue.record("\(text) should not parse")
    } catch {
      #expect(error.line == line)
      #expect(error.message == message)
    }
  }

  @Test func theSeedDecidesSelectorNamesAndRunsAreReproducible() throws {
    let scenario = try Scenario(parsing: "menu m \"M\"\nitem m \"Go\"\nopen m\npress KEY_ENTER")
    let first = Simulator(seed: 1).run(scenario)
    #expect(first == Simulator(seed: 1).run(scenario))
    #expect(first != Simulator(seed: 2).run(scenario))
    #expect(first.contains { $0.contains("invoked menu.go.") })
  }
}
