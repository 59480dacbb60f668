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
    // The command name (field 2) may hold spaces: the fields after it follow the last ')'.
    let stat = ProcFile.text("/proc/\(pid)/stat") ?? ""
    let fields = stat.split(separator: ")").last.map { $0.split(separator: " ") } ?? []
    // After ')': state is field 3, so utime (14) and stime (15) are at offsets 11 and 12.
    let ticks = fields.count > 12 ? (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0) : 0
    cpuNanoseconds = ticks * (1_000_000_000 / ticksPerSecond)
    contextSwitches = ThreadSnapshot(pid: pid).threads.values.reduce(0) { $0 + $1.voluntary + $1.involuntary }
  }
}
