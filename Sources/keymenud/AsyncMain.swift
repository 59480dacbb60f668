import Dispatch
import Glibc

/// Runs async work from the synchronous `main` (which must block signals
/// before any thread starts, so it cannot itself be `async`).
enum AsyncMain {
  static func block(_ work: @escaping @Sendable () async throws -> Void) -> Result<Void, any Error> {
    let done = DispatchSemaphore(value: 0)
    let outcome = ResultBox()
    Task {
      do {
        try await work()
      } catch {
        outcome.set(.failure(error))
      }
      done.signal()
    }
    done.wait()
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
