import KeyMenuCompat
import Testing

/// dmenu's command line, as dmenu 5 reads it.
struct DmenuArgumentParserTests {
  @Test func promptLinesAndCase() throws {
    var expected = DmenuArguments()
    expected.prompt = "Pick"
    expected.lines = 3
    expected.caseInsensitive = true
    #expect(try DmenuArgumentParser.parse(["-p", "Pick", "-l", "3", "-i"]) == .run(expected))
  }

  @Test func visualOptionsAreAcceptedAndIgnored() throws {
    var expected = DmenuArguments()
    expected.bottom = true
    #expect(
      try DmenuArgumentParser.parse([
        "-b", "-f", "-fn", "monospace:size=10", "-nb", "#222", "-nf", "#bbb", "-sb", "#005577", "-sf", "#eee",
        "-m", "0", "-w", "0x1234",
      ]) == .run(expected))
  }

  @Test func versionEndsAtOnce() throws {
    #expect(try DmenuArgumentParser.parse(["-i", "-v", "--bogus"]) == .version)
    #expect(try DmenuArgumentParser.parse(["--help"]) == .help)
  }

  @Test func usageErrors() {
    #expect(throws: DmenuArgumentParser.UsageError.self) { try DmenuArgumentParser.parse(["-p"]) }
    #expect(throws: DmenuArgumentParser.UsageError.self) { try DmenuArgumentParser.parse(["stray"]) }
    #expect(throws: DmenuArgumentParser.UsageError.self) { try DmenuArgumentParser.parse(["-bi"]) }
  }
}
