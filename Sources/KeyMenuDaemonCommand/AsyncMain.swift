import Glibc
import KeyMenuRuntime

/// Runs async work from the synchronous `main` (which must block signals
/// before any thread starts, so it cannot itself be `async`), lending the
/// main thread to whatever the work hands `host` meanwhile (the engine).
enum AsyncMain {
  static func block(
    host: MainThreadHost, _ work: @escaping @Sendable () async throws -> Void
  ) -> Result<Void, any Error> {
    let outcome = ResultBox()
    Task {
      do {
        try await work()
      } catch {
        outcome.set(.failure(error))
      }
      host.finish()
    }
    host.serve()
    return outcome.value
  }
}

/// The environment as a dictionary.
enum ProcessEnvironment {
  static var current: [String: String] {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
      let text = String(cString: entry)
      if let equals = text.firstIndex(of: "=") {
        result[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      pointer += 1
    }
    return result
  }
}
