import KeyMenuCompat
import Testing

/// A gauge's standard input, read as whiptail reads it.
struct GaugeInputParserTests {
  func updates(_ lines: [String]) -> [GaugeInputParser.Update] {
    var parser = GaugeInputParser()
    return lines.flatMap { parser.feed(line: $0) }
  }

  @Test func barePercentLines() {
    #expect(updates(["10", "42", "100"]) == [.percent(10), .percent(42), .percent(100)])
  }

  @Test func aBlockSetsTheTextThenThePercent() {
    #expect(
      updates(["XXX", "42", "Copying files", "to /mnt", "XXX", "50"])
        == [.text("Copying files\nto /mnt"), .percent(42), .percent(50)])
  }

  @Test func aWrittenOutNewlineIsALineBreak() {
    #expect(updates(["XXX", "5", "one\\ntwo", "XXX"]) == [.text("one\ntwo"), .percent(5)])
  }

  @Test func otherLinesChangeNothingAndPercentsStayInRange() {
    #expect(updates(["hello", "4x", "", "250", "-3"]) == [.percent(100)])
    #expect(updates(["XXX", "none", "text", "XXX"]) == [.text("text")])
  }

  @Test func anUnfinishedBlockChangesNothing() {
    #expect(updates(["XXX", "10", "half"]) == [])
  }
}
