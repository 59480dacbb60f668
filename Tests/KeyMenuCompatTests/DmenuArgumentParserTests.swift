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

  /// dmenu reads -l with atoi.
  @Test func linesAreReadAsAtoiReadsThem() throws {
    for (word, lines) in [("5", 5), (" 7x", 7), ("-2", -2), ("x", 0), ("", 0), ("+3", 3)] {
      var expected = DmenuArguments()
      expected.lines = lines
      #expect(try DmenuArgumentParser.parse(["-l", word]) == .run(expected), "\(word)")
    }
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
