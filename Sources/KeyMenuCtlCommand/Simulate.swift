import ArgumentParser
import Glibc
import KeyMenuKinds
import KeyMenuSimulation

/// `keymenuctl simulate FILE`: run a scenario through the engine in virtual time.
struct Simulate: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "simulate",
    abstract: "Run a scenario through the real engine and plugins in virtual time.",
    discussion: """
      The scenario declares menus and alerts, then lists steps: open/show, key \
      input (press, down, up, repeat), waits (wait 50ms) and live edits. The \
      timeline of notifications, answers and invoked selectors is printed, one \
      line each, stamped with the virtual time. With --check, the timeline must \
      equal the scenario's expected section (after a --- line). The format is \
      described in docs/SIMULATE.md; examples are in examples/scenarios/.

      Exit status: 0 ran (and matched, with --check); 1 the scenario has an error \
      or the timeline differs; 2 usage error.
      """
  )

  @Argument(help: ArgumentHelp("The scenario file, or - for standard input.", valueName: "file"))
  var file: String

  @Flag(help: "Compare the timeline with the scenario's expected section.")
  var check = false

  @Option(help: "The seed for generated selector names.")
  var seed: UInt64 = 1

  func run() throws {
    let text = try ScenarioFile.read(file)
    let scenario: Scenario
    do {
      scenario = try Scenario(parsing: text)
    } catch {
      throw CommandFailure(message: "\(file):\(error.line): \(error.message)")
    }
    let timeline = Simulator(seed: seed, kinds: ModalKinds.catalog).run(scenario)
    var output = OutputBuffer(fileDescriptor: 1)
    for line in timeline {
      output.append(printable: line)
      output.append("\n")
    }
    output.flush()
    guard check else { return }
    guard !scenario.expected.isEmpty else {
      throw CommandFailure(message: "\(file): no expected section (---)")
    }
    let actual = timeline.map { $0.trimmedLeadingSpaces }
    if actual != scenario.expected {
      let firstDifference =
        zip(actual, scenario.expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(actual.count, scenario.expected.count)
      let wanted = firstDifference < scenario.expected.count ? scenario.expected[firstDifference] : "(end)"
      let got = firstDifference < actual.count ? actual[firstDifference] : "(end)"
      throw CommandFailure(
        message:
          "\(file): timeline differs at line \(firstDifference + 1):\n  expected: \(wanted)\n  actual:   \(got)"
      )
    }
  }
}

extension String {
  /// The text without its leading spaces (the timeline right-aligns times).
  var trimmedLeadingSpaces: String { String(drop { $0 == " " }) }
}

/// Reads a scenario from a path or standard input, at most 1 MiB.
enum ScenarioFile {
  static func read(_ path: String) throws -> String {
    let fd = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw CommandFailure(message: "\(path): \(String(cString: strerror(errno)))") }
    defer { if fd != 0 { close(fd) } }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = Glibc.read(fd, &chunk, chunk.count)
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { throw CommandFailure(message: "\(path): \(String(cString: strerror(errno)))") }
      if count == 0 { break }
      bytes += chunk[0..<count]
      if bytes.count > 1 << 20 { throw CommandFailure(message: "\(path): larger than 1 MiB") }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
