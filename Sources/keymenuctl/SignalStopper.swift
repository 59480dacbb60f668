import Dispatch
import Glibc

/// Calls a closure when SIGINT or SIGTERM arrives, instead of dying.
final class SignalStopper {
  private let sources: [any DispatchSourceSignal]

  init(_ signals: [Int32] = [SIGINT, SIGTERM], onSignal: @escaping @Sendable () -> Void) {
    sources = signals.map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler(handler: onSignal)
      source.resume()
      return source
    }
    // A closed stdout must end the command cleanly, not kill it.
    signal(SIGPIPE, SIG_IGN)
  }

  deinit { sources.forEach { $0.cancel() } }
}
