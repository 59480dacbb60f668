import ArgumentParser
import Glibc
import KeyMenuClient
import KeyMenuProtocol

/// `keymenuctl textbox`: long text to read, like `dialog --textbox`.
struct TextBoxCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "textbox",
    abstract: "Show a file (or standard input) to read, scrolled, and wait until it is closed.",
    discussion: """
      Up/Down scroll a line, PageUp/PageDown a page, Home/End go to either \
      end; Enter (or a remote's OK) closes it, Esc (Back, Exit) too. Tabs are \
      expanded to 8-column stops; control characters are shown as their \
      pictures. Up to 60 KiB of text.

      EXIT STATUS
        0    closed with Enter or OK
        1    left with Esc, Back or Exit
        4    dismissed: by the panic chord, or the daemon stopped
        255  the daemon cannot be reached or refused the request (a text over
             60 KiB, for one)

      EXAMPLE
        keymenuctl textbox "Licence" /usr/share/common-licenses/MIT
        dmesg | tail -50 | keymenuctl textbox "Kernel log"
      """)

  @OptionGroup var client: ClientOptions
  @Argument(help: "The box's title.") var title: String
  @Argument(help: "The file to show (default: standard input).") var file: String?
  @Option(name: .long, help: "Lines PageUp and PageDown move (1 to 100, default 10).") var pageLines: Int?
  @Option(name: .long, help: "The button's title (default OK).") var button: String?

  func validate() throws {
    guard !title.isEmpty else { throw ValidationError("the title must not be empty") }
  }

  func run() throws {
    let bytes = try file.map(Self.read(path:)) ?? Self.readStandardInput()
    let params = TextBoxShowParams(
      title: title, text: Self.shown(String(decoding: bytes, as: UTF8.self)), pageLines: pageLines,
      button: button)
    let result = try client.connect().call("textbox.show", JSONValue(encoding: params)).orFail()
    try DialogEndStatus.finish(result, method: "textbox.show", client: client)
  }

  /// The text as the box may show it (``TextBoxShowParams/shown(_:)``).
  static func shown(_ text: String) -> String { TextBoxShowParams.shown(text) }

  static func read(path: String) throws -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw ClientFailure("cannot read \(path): \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    return try readAll(descriptor, name: path)
  }

  static func readStandardInput() throws -> [UInt8] { try readAll(0, name: "standard input") }

  /// Everything to the end of `descriptor`, up to a little over what a box takes.
  private static func readAll(_ descriptor: Int32, name: String) throws -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    while bytes.count <= TextBoxShowParams.maximumTextBytes {
      let count = Glibc.read(descriptor, &chunk, chunk.count)
      if count < 0, errno == EINTR { continue }
      if count < 0 { throw ClientFailure("cannot read \(name): \(String(cString: strerror(errno)))") }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[..<count])
    }
    return bytes
  }
}
