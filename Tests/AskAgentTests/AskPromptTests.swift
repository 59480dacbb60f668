import KeyMenuAskPassword
import KeyMenuProtocol
import Testing

@testable import KeyMenuAskAgent

/// The prompt the agent asks for a question (``AskAgent/prompt(for:)``):
/// whatever `Message=` and `Id=` hold (they come from the asking unit: a
/// volume's label, a service's text), the prompt shows them as text, never
/// as the controls and bidi overrides they may hold, clipped to the
/// protocol's limits, so keymenud takes it and shows the question rather
/// than refusing it; masked unless `Echo=1`, marked as the system's own.
@Suite struct AskPromptTests {
  static func ask(_ lines: String) throws -> AskFile {
    let directory = "/run/systemd/ask-password"
    return try AskFile(parsing: "[Ask]\nSocket=\(directory)/sck.1\n" + lines, directory: directory)
  }

  @Test func hostileTextIsShownAsTextAndTheDaemonTakesIt() throws {
    let message = "Message=Pass\u{1B}[2Jphrase \u{202E}atad rof\u{7}:\n"
    let params = AskAgent.prompt(for: try Self.ask(message + "Id=crypt\u{9B}setup:/dev/vdb\u{2066}\n"))
    for text in [params.title, params.message ?? ""] {
      #expect(
        !text.unicodeScalars.contains {
          $0.properties.generalCategory == .control || (0x202A...0x202E).contains($0.value)
            || (0x2066...0x2069).contains($0.value)
        }, "\(text.debugDescription)")
    }
    #expect(params.title.hasPrefix("Pass") && params.title.contains("phrase"))
    #expect(params.message?.hasPrefix("Asked by crypt") == true)
    // keymenud's own checks pass: the question is shown, not refused.
    #expect(throws: Never.self) { try params.check() }
    #expect(params.masked == true && params.system == true && params.keyboard == "auto")
  }

  @Test func aLongMessageIsClippedWithAnEllipsisAndEchoShowsTheText() throws {
    let long = String(repeating: "é", count: 2000)
    let params = AskAgent.prompt(for: try Self.ask("Message=\(long)\nEcho=1\n"))
    #expect(params.title.utf8.count <= ProtocolLimits.maximumTitleBytes && params.title.hasSuffix("…"))
    #expect(throws: Never.self) { try params.check() }
    #expect(params.masked == false && params.message == nil)
    #expect(AskAgent.prompt(for: try Self.ask("")).title == "Passphrase")
  }
}
