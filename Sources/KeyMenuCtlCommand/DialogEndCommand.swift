import ArgumentParser
import KeyMenuClient
import KeyMenuProtocol

/// What the commands of dialogs that ask nothing (gauge, textbox) share:
/// their answer's documented exit status.
enum DialogEndStatus {
  /// 0 closed (by a person or, for a gauge, its client), 1 Esc, 4 dismissed.
  static func of(_ answer: DialogEndResult) -> Int32 {
    switch answer {
    case .closed: 0
    case .cancelled(let reason): reason == DialogEndResult.escape ? 1 : 4
    }
  }

  /// Reads the answer out of `result` and exits with its status; with
  /// --json, prints the answer first.
  static func finish(_ result: JSONValue, method: String, client: ClientOptions) throws -> Never {
    let answer = try result.read(as: DialogEndResult.self, from: method)
    if client.json { print(result.jsonText) }
    throw ExitCode(of(answer))
  }
}
