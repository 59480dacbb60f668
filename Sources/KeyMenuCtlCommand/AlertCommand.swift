import ArgumentParser
import KeyMenuClient
import KeyMenuCore
import KeyMenuProtocol

/// `keymenuctl alert`: asks whoever holds a keyboard, like `dialog --yesno`.
struct AlertCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "alert",
    abstract: "Show an alert and wait for the answer.",
    discussion: """
      Prints the chosen button's title. Esc (or a remote's Back or Exit) answers \
      the cancel button (without --cancel, Esc does nothing), Enter the focused \
      one: the default button at first (the last button unless --default says \
      otherwise); arrows move the focus, digits and first letters choose.

      The exit status names the button chosen, wherever the focus started, as \
      whiptail's does: the last button is "yes" (0), the cancel button "no" (1), \
      and Esc is told apart from choosing the cancel button with Enter.

      EXIT STATUS
        0    the last button (unless it is the cancel button)
        1    the cancel button, chosen with Enter, a digit or a letter
        3    Esc, Back or Exit (the cancel button is printed)
        4    dismissed: by the panic chord, or the daemon stopped
        5    timed out (--timeout; the cancel button, if any, is printed)
        10+i another button, i counted from 0
        N    an answer key (--key NAME=N): its name is printed
        255  the daemon cannot be reached or refused the request

      ANSWER KEYS
        --key red=20: the remote's red key answers the alert, no button
        chosen. "red" is printed and the exit status is 20. Keys: red,
        green, yellow, blue, info, context, or any key name (KEY_F1, f1).
        Statuses from 6 to 125, other than the buttons' 10+i.

      EXAMPLE
        keymenuctl alert "Reboot now?" --button Later --button Reboot \\
          --cancel 0 --default 0
        case $? in 0) systemctl reboot ;; *) echo "not now" ;; esac
      """)

  @OptionGroup var client: ClientOptions
  @Argument(help: "The alert's title.") var title: String
  @Option(name: .long, help: "Text under the title.") var message: String?
  @Option(name: .customLong("button"), help: "A button, in order; repeat for more (default: OK).")
  var buttons: [String] = []
  @Option(name: .long, help: "The cancel button's index (Esc).") var cancel: Int?
  @Option(name: .customLong("default"), help: "The default button's index (Enter).") var defaultButton: Int?
  @Option(name: .long, help: "Give up after this many seconds (exit 5).") var timeout: Double?
  @Option(
    name: .customLong("key"),
    help: ArgumentHelp("A key that answers with this exit status (repeatable).", valueName: "name=status"))
  var answerKeys: [String] = []
  @Flag(
    inversion: .prefixedNo,
    help: "Wake the TV and switch it to this box while it is up (HDMI-CEC; default: [cec] wake_tv).")
  var wakeTV: Bool?

  func validate() throws {
    guard !title.isEmpty else {
      throw ValidationError("the title must not be empty: it is the question asked")
    }
    let buttonStatuses = 10..<(10 + Int32(max(buttons.count, 1)))
    _ = try AnswerKeyOption.parse(
      answerKeys, example: "red=20", allowed: { (6...125).contains($0) && !buttonStatuses.contains($0) },
      range: "6 to 125, not a button's 10+i")
  }

  /// `--key` as names and exit statuses, in order.
  var answerStatuses: [AnswerKeyOption] {
    (try? AnswerKeyOption.parse(answerKeys, example: "red=20", allowed: { _ in true }, range: "")) ?? []
  }

  func run() throws {
    var params = AlertShowParams(
      title: title, message: message, buttons: buttons.isEmpty ? nil : buttons, cancel: cancel,
      defaultButton: defaultButton, wakeTV: wakeTV)
    params.answerKeys = answerStatuses.isEmpty ? nil : answerStatuses.map(\.name)
    if let timeout {
      guard timeout > 0 else { throw ValidationError("--timeout must be positive") }
      params.timeoutMilliseconds = Int((timeout * 1000).rounded(.up))
    }
    let result = try client.connect().call("alert.show", JSONValue(encoding: params)).orFail()
    let answer = try result.read(as: AlertShowResult.self, from: "alert.show")
    if !client.pretty, client.json {
      print(result.jsonText)
    } else if let title = answer.title {
      print(ShownText.visible(title))
    } else if let key = answer.key {
      print(ShownText.visible(key))
    }
    if let key = answer.key, let status = answerStatuses.first(where: { $0.name == key })?.status {
      throw ExitCode(status)
    }
    throw ExitCode(
      Self.exitStatus(
        reason: answer.reason, button: answer.button, buttonCount: max(buttons.count, 1), cancel: cancel))
  }

  /// The documented exit status for an answer: it depends on the button
  /// chosen and how, never on where the focus started (`--default`).
  static func exitStatus(reason: String?, button: Int?, buttonCount: Int, cancel: Int?) -> Int32 {
    switch reason {
    case "timeout": return 5
    case "dismissed": return 4
    case "escape": return 3
    default: break
    }
    guard let button else { return 1 }
    if button == cancel { return 1 }
    if button == buttonCount - 1 { return 0 }
    return 10 + Int32(button)
  }
}
