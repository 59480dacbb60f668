import Glibc

/// A process's CPU time and context switches as the kernel accounts them,
/// from `/proc/PID/stat` (user and system time, fields 14 and 15, in clock
/// ticks) and `/proc/PID/status` (context switches of the main thread
/// only, so the counts come from each thread's ``ThreadSnapshot``).
struct ProcessTimes {
  /// User plus system CPU time of all threads, in nanoseconds (tick resolution).
  var cpuNanoseconds: Int
  /// Voluntary and involuntary context switches of all threads.
  var contextSwitches: Int

  init(pid: pid_t) {
    let ticksPerSecond = max(sysconf(Int32(_SC_CLK_TCK)), 1)
    cpuNanoseconds = Self.cpuTicks(pid: pid) * (1_000_000_000 / ticksPerSecond)
    contextSwitches = ThreadSnapshot(pid: pid).threads.values.reduce(0) { $0 + $1.voluntary + $1.involuntary }
  }

  /// utime + stime of the whole process, in clock ticks (`/proc/PID/stat`
  /// fields 14 and 15); 0 when it cannot be read.
  static func cpuTicks(pid: pid_t) -> Int {
    // The command name (field 2) may hold spaces: the fields after it follow the last ')'.
    guard let stat = ProcFile.text("/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")") else { return 0 }
    // After ')': state is field 3, so utime (14) and stime (15) are at offsets 11 and 12.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 12 else { return 0 }
    return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
  }
}
