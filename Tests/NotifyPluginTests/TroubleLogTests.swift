import Logging
import Testing

@testable import NotifyPlugin

@Suite struct TroubleLogTests {
  @Test func theFirstFailureOfARunIsAWarningAndASuccessEndsTheRun() {
    let lines = Records<(level: Logger.Level, message: String)>()
    var trouble = TroubleLog(Logger(label: "test") { _ in RecordingLogHandler(lines: lines) })
    trouble.succeeded("fine")
    trouble.failed("one")
    trouble.failed("two")
    #expect(trouble.inTrouble)
    trouble.succeeded("back")
    trouble.failed("three")
    #expect(lines.all.map(\.level) == [.warning, .debug, .info, .warning])
    #expect(lines.all.map(\.message) == ["one", "two", "back", "three"])
  }
}
