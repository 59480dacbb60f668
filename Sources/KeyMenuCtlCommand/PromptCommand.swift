import ArgumentParser
import KeyMenuClient
import KeyMenuProtocol

/// `keymenuctl prompt`: asks for a line of text, like `dialog --inputbox`
/// (and `--passwordbox` with `--masked`).
struct PromptCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "prompt",
    abstract: "Ask for a line of text and wait for it.",
    discussion: """
      Prints the text typed. Letters, digits, space and punctuation type as \
      the keyboard's layout types them (the system's, or [keyboard] in the \
      daemon's configuration; dead keys and Compose too), Left/Right, \
      Home/End move, Backspace/Delete delete; Enter accepts the text, Esc (or \
      a remote's Back or Exit) cancels. Tab (or Down) moves to the OK and \
      Cancel buttons, where Enter or Space presses the focused one and \
      Left/Right move between them. On a remote or keypad, an on-screen \
      keyboard comes up (by itself when only such devices are attached or \
      their arrows are used; --keyboard): arrows walk it, OK presses a key \
      (shift for capitals, 123 for digits and symbols, ⌫, space, done to \
      accept); a remote's digits type directly. \
      With --masked the text is shown as bullets and never spoken or sent to \
      other clients; only this command gets it.

      EXIT STATUS
        0    accepted: the text is printed (an empty line for an empty text)
        1    cancelled with Esc, Back or Exit, or with the Cancel button
        4    dismissed: by the panic chord, or the daemon stopped
        255  the daemon cannot be reached or refused the request

      EXAMPLE
        name=$(keymenuctl prompt "Name of this box?" --text kitchen) || exit
        pass=$(keymenuctl prompt "Wi-Fi password" --masked --max-length 63)
      """)

  @OptionGroup var client: ClientOptions
  @Argument(help: "The prompt's title: the question asked.") var title: String
  @Option(name: .long, help: "Text under the title.") var message: String?
  @Option(name: .long, help: "The text the field starts with.") var text: String?
  @Flag(name: .long, help: "Show the text as bullets (a password).") var masked = false
  @Option(name: .long, help: "The most characters the text may have (1 to 4096).") var maxLength: Int?
  @Option(
    name: .long,
    help: ArgumentHelp(
      "When the on-screen keyboard shows: auto (when only remotes or keypads are attached, or one's arrows are used), always or never.",
      valueName: "when"))
  var keyboard: String?
  @Option(name: .long, help: ArgumentHelp("The OK button's title.", valueName: "text")) var okButton: String?
  @Option(name: .long, help: ArgumentHelp("The Cancel button's title.", valueName: "text"))
  var cancelButton: String?
  @Flag(name: .long, help: "No Cancel button (Esc still cancels).") var noCancel = false

  func validate() throws {
    guard !title.isEmpty else {
      throw ValidationError("the title must not be empty: it is the question asked")
    }
    if let keyboard, !PromptShowParams.keyboardModes.contains(keyboard) {
      throw ValidationError("--keyboard must be auto, always or never")
    }
  }

  func run() throws {
    let params = PromptShowParams(
      title: title, message: message, initialText: text, masked: masked ? true : nil,
      maximumLength: maxLength,
      keyboard: keyboard, okTitle: okButton, cancelTitle: cancelButton, noCancel: noCancel ? true : nil)
    let result = try client.connect().call("prompt.show", JSONValue(encoding: params)).orFail()
    let answer = try result.read(as: PromptShowResult.self, from: "prompt.show")
    if !client.pretty, client.json {
      print(result.jsonText)
    } else if case .text(let text) = answer {
      // The daemon takes only printable text into a prompt: it is printed as
      // typed, for the script that reads it.
      print(text)
    }
    throw ExitCode(Self.exitStatus(answer))
  }

  /// The documented exit status for an answer.
  static func exitStatus(_ answer: PromptShowResult) -> Int32 {
    switch answer {
    case .text: 0
    case .cancelled(let reason):
      reason == PromptShowResult.escape || reason == PromptShowResult.cancel ? 1 : 4
    }
  }
}
