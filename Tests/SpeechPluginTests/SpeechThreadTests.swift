import Foundation
import Synchronization
import Testing

@testable import SpeechPlugin

/// What ran on a ``SpeechThread``, in order, and on which thread.
final class ThreadLog: Sendable {
  private let state = Mutex<(events: [String], task: String?)>(([], nil))

  var events: [String] { state.withLock { $0.events } }
  /// `/proc/PID/task/TID` of the thread that last recorded.
  var task: String? { state.withLock { $0.task } }

  func record(_ event: String) {
    let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "?"
    let task = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")
    state.withLock { state in
      state.events.append("\(event) on \(name.trimmingCharacters(in: .whitespacesAndNewlines))")
      state.task = task.map { "/proc/" + $0 }
    }
  }
}

/// The speech plugin's thread: what it decides and says, where, and that it
/// sleeps and ends.
@Suite final class SpeechThreadTests {
  let thread: SpeechThread
  let log = ThreadLog()

  init() throws { thread = try SpeechThread() }

  deinit { thread.stop() }

  @Test func decidingAndSayingRunOnTheNamedThreadAndAChangeIsDecidedBetweenChunks() throws {
    let chunks = Mutex(0)
    thread.decides { [log] in log.record("decide") }
    thread.says { [log, thread] between in
      guard chunks.withLock({ $0 < 2 }) else { return false }
      chunks.withLock { $0 += 1 }
      log.record("chunk")
      thread.changed()
      between()
      log.record("chunk played")
      return true
    }
    thread.changed()
    try thread.start()
    thread.waitUntilIdle()
    #expect(
      log.events == [
        "decide on keymenu-speech", "chunk on keymenu-speech", "decide on keymenu-speech",
        "chunk played on keymenu-speech", "chunk on keymenu-speech", "decide on keymenu-speech",
        "chunk played on keymenu-speech",
      ])
  }

  @Test func aThreadAtRestIsNotWoken() throws {
    thread.decides { [log] in log.record("decide") }
    try thread.start()
    thread.changed()
    thread.waitUntilIdle()
    let task = try #require(log.task)
    // waitUntilIdle returns as the thread goes to sleep: wait until it sleeps.
    var tries = 0
    while try state(of: task) != "S", tries < 1000 {
      tries += 1
      usleep(1000)
    }
    #expect(try state(of: task) == "S")
    let before = try wakeups(of: task)
    usleep(200_000)
    #expect(try wakeups(of: task) == before)
    #expect(log.events == ["decide on keymenu-speech"])
  }

  @Test func aStoppedThreadDecidesNothingMore() throws {
    thread.decides { [log] in log.record("decide") }
    try thread.start()
    thread.changed()
    thread.waitUntilIdle()
    thread.stop()
    thread.changed()
    thread.waitUntilIdle()
    #expect(log.events == ["decide on keymenu-speech"])
  }

  @Test func aThreadThatNeverStartedStopsAtOnce() {
    thread.decides { [log] in log.record("decide") }
    thread.changed()
    thread.waitUntilIdle()
    thread.stop()
    #expect(log.events == [])
  }

  /// The thread's state letter in `/proc/.../stat` (`S`: sleeping).
  private func state(of task: String) throws -> String {
    let stat = try String(contentsOfFile: task + "/stat", encoding: .utf8)
    // "TID (comm) S ...": the state follows the closing parenthesis.
    guard let close = stat.lastIndex(of: ")") else { return "?" }
    return String(stat[stat.index(after: close)...].split(separator: " ").first ?? "?")
  }

  /// The thread's voluntary context switches: each wake-up from a wait is one.
  private func wakeups(of task: String) throws -> Int {
    let status = try String(contentsOfFile: task + "/status", encoding: .utf8)
    let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
    return line.flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? -1
  }
}
