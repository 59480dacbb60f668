import Foundation

/// The scheduler counters of every thread of a process at one moment, from
/// `/proc/PID/task/*/{comm,status,schedstat}`: a thread that wakes up goes
/// back to sleep with a voluntary context switch, and each time it is put on
/// a CPU counts in `schedstat`'s third field.
struct ThreadSnapshot {
  /// One thread's counters.
  struct Counters {
    var name: String
    var voluntary: Int
    var involuntary: Int
    /// Times the thread was scheduled onto a CPU (`schedstat` field 3).
    var runs: Int
    /// CPU time in nanoseconds (`schedstat` field 1).
    var cpuNanoseconds: Int
    /// Where the thread sleeps (`wchan`, a kernel function name).
    var waitChannel: String
  }

  /// CPU time of all threads together, in nanoseconds.
  var cpuNanoseconds: Int { threads.values.reduce(0) { $0 + $1.cpuNanoseconds } }

  /// The counters by thread id.
  var threads: [Int: Counters] = [:]

  init(pid: pid_t) {
    let tasks = "/proc/\(pid)/task"
    let ids = (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []
    for id in ids.compactMap({ Int($0) }) {
      let directory = "\(tasks)/\(id)"
      guard let status = ProcFile.text(directory + "/status") else { continue }
      let name = ProcFile.text(directory + "/comm") ?? "?"
      let schedstat = (ProcFile.text(directory + "/schedstat") ?? "")
        .split(whereSeparator: { $0 == " " || $0 == "\n" }).map { Int($0) ?? 0 }
      let waitChannel = ProcFile.text(directory + "/wchan") ?? "?"
      threads[id] = Counters(
        name: name.trimmingCharacters(in: .whitespacesAndNewlines),
        voluntary: Self.field("voluntary_ctxt_switches", in: status),
        involuntary: Self.field("nonvoluntary_ctxt_switches", in: status),
        runs: schedstat.count > 2 ? schedstat[2] : 0, cpuNanoseconds: schedstat.first ?? 0,
        waitChannel: waitChannel)
    }
  }

  /// The kernel id of the calling thread (`/proc/thread-self` links to
  /// `PID/task/TID`), or 0.
  static func currentThreadID() -> Int32 {
    let link = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? ""
    return Int32(link.split(separator: "/").last ?? "") ?? 0
  }

  /// The number after `name:` in a `/proc/.../status` text (kB for sizes), or 0.
  static func field(_ name: String, in status: String) -> Int {
    for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
      let value = line.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first
      return value.flatMap { Int($0) } ?? 0
    }
    return 0
  }
}
