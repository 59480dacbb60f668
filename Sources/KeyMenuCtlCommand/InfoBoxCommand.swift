import ArgumentParser
import KeyMenuClient
import KeyMenuCore
import KeyMenuProtocol

/// `keymenuctl infobox`: a message that needs no answer, like `whiptail --infobox`.
struct InfoBoxCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "infobox",
    abstract: "Show a message that needs no answer, and return at once.",
    discussion: """
      The box stays in front after this command ends, until the next alert, \
      menu or dialog comes, --timeout passes, or `keymenuctl call \
      infobox.dismiss '{"id":"infobox-1"}'` ends it. Prints the box's id.

      EXIT STATUS
        0    shown
        255  the daemon cannot be reached or refused the request

      EXAMPLE
        keymenuctl infobox "Updating" --message "Please wait…"; apt-get -qq upgrade
        keymenuctl alert "Updated" --button OK
      """)

  @OptionGroup var client: ClientOptions
  @Argument(help: "The box's title.") var title: String
  @Option(name: .long, help: "Text under the title.") var message: String?
  @Option(name: .long, help: "Seconds after which it goes by itself (1 to 86400).") var timeout: Double?

  func validate() throws {
    guard !title.isEmpty else { throw ValidationError("the title must not be empty") }
  }

  func run() throws {
    let params = InfoBoxShowParams(title: title, message: message, timeout: timeout)
    let result = try client.connect().call("infobox.show", JSONValue(encoding: params)).orFail()
    // The id comes from the daemon: printed in its shown form all the same.
    if client.json {
      print(result.jsonText)
    } else {
      print(ShownText.visible(result["id"]?.stringValue ?? ""))
    }
  }
}
