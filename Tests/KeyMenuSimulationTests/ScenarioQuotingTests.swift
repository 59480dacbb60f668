import KeyMenuKinds
import KeyMenuSimulation
import Testing

/// Single quotes in scenario lines: they group a JSON value with its double
/// quotes where they open a word or an option's value, and are a plain
/// character elsewhere; a `call` value that is a JSON array or object is
/// sent as one.
@Suite struct ScenarioQuotingTests {
  func timeline(_ text: String) throws -> [String] {
    Simulator(kinds: ModalKinds.catalog).run(try Scenario(parsing: text)).map {
      String($0.drop { $0 == " " })
    }
  }

  @Test func aQuoteInsideAWordIsACharacter() throws {
    #expect(try timeline("alert a Don't\nshow a").first == #"0ms  alert shown "Don't": [OK]"#)
  }

  @Test func aQuotedJSONValueIsSentAsJSONAndOtherTextAsAString() throws {
    let lines = try timeline(
      """
      plugin lists
      plugin prompt
      call c1 radiolist.show title='A "quoted" title' items='[{"text":"One item","marked":true}]'
      call c2 prompt.show title=[not-json
      """)
    #expect(lines.first == #"0ms  radiolist shown "A "quoted" title": <(*) One item>"#)
    #expect(lines.contains(#"0ms  prompt shown "[not-json": "|""#))
  }

  @Test func anUnterminatedSingleQuoteIsAnError() {
    do {
      _ = try Scenario(parsing: "call c1 checklist.show items='[")
      Issue.record("an unterminated quote should not parse")
    } catch {
      #expect(error.line == 1 && error.message == "unterminated quote")
    }
  }
}
