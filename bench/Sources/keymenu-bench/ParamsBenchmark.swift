import FoundationEssentials
import KeyMenuProtocol

/// Request params read the way the daemon reads them: the line parsed once
/// and the params decoded from the parsed ``JSONValue`` (``JSONValueDecoder``),
/// against the earlier way, which wrote the parsed params back to text and
/// read that with `JSONDecoder` (a second parse). Prints microseconds per
/// request, best of five runs, for an `alert.show` and a 50-item `menu.open`.
struct ParamsBenchmark {
  var requests: Int

  func run() {
    let alert =
      #"{"jsonrpc":"2.0","id":7,"method":"alert.show","params":{"title":"Reboot now?","message":"Updates are installed.","buttons":["Later","Reboot"],"cancel":0,"default":1,"timeout_ms":30000}}"#
    let items = (0..<50).map { #"{"title":"Item \#($0)","key":"ctrl+\#($0 % 10)"}"# }.joined(separator: ",")
    let menu =
      #"{"jsonrpc":"2.0","id":8,"method":"menu.open","params":{"title":"Choose","filter":true,"items":["#
      + items + "]}}"
    measure("alert.show", line: alert, as: AlertShowParams.self)
    measure("menu.open 50 items", line: menu, as: MenuOpenParams.self)
  }

  private func measure<T: CheckedParams>(_ name: String, line: String, as type: T.Type) {
    let bytes = Array(line.utf8)
    let once = best {
      guard let request = try? RPCRequest.parse(bytes), (try? request.checkedParams(as: type)) != nil else {
        fail("\(name): the params do not decode")
      }
    }
    let twice = best {
      guard let request = try? RPCRequest.parse(bytes), let text = request.params?.jsonBytes,
        let params = try? JSONDecoder().decode(type, from: Data(text)), (try? params.check()) != nil
      else { fail("\(name): the params do not decode with JSONDecoder") }
    }
    print(
      "params \(name): parse + JSONValueDecoder \(micros(once)) µs/request;"
        + " parse + write + JSONDecoder (before) \(micros(twice)) µs/request")
  }

  private func best(_ body: () -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<5 {
      let start = monotonicSeconds()
      for _ in 0..<requests { body() }
      best = min(best, (monotonicSeconds() - start) / Double(requests))
    }
    return best
  }

  private func micros(_ seconds: Double) -> String {
    let tenths = Int((seconds * 10_000_000).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}
