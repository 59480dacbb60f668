import Foundation

/// keymenud at rest: the wake-ups of each of its threads and the CPU time
/// they used over `seconds` with no client connected and no key arriving,
/// from `settle` milliseconds after `READY=1`, then its resident memory at
/// the end of that quiet window (VmRSS, PSS, private dirty, threads), and
/// its VmRSS when the window began (just started).
///
/// Nothing here is keymenud's own: bench/peers.sh starts triggerhappy's thd
/// the same way (it also reports `READY=1` and takes `--socket PATH`), and the
/// other peers through bench/peer-ready.sh, which reports `READY=1` for them
/// (with `MAINPID=` for one that forks: that process is measured).
struct IdleBenchmark {
  var command: [String]
  var seconds: Int
  var settleMilliseconds: Int
  var label: String

  func run() {
    PageCache.evictExecutables(in: command)
    let daemon = DaemonProcess(command: command)
    _ = daemon.waitReady()
    usleep(UInt32(settleMilliseconds) * 1000)
    let pid = daemon.mainPID
    let started = ProcFile.text("/proc/\(pid)/status") ?? ""
    let devices = Self.inputNodes(pid: pid)
    let before = ThreadSnapshot(pid: pid)
    let ticksBefore = ProcessTimes.cpuTicks(pid: pid)
    sleep(UInt32(seconds))
    let after = ThreadSnapshot(pid: pid)
    let ticksAfter = ProcessTimes.cpuTicks(pid: pid)
    // At rest: the memory at the end of the quiet window, when whatever the
    // daemon does after start-up (keymenud gives start-up's pages back a
    // second after it) is done.
    guard let status = ProcFile.text("/proc/\(pid)/status") else {
      daemon.abandon("cannot read /proc/\(pid)/status")
    }
    let rollup = ProcFile.text("/proc/\(pid)/smaps_rollup") ?? ""
    let threadCount = ThreadSnapshot(pid: pid).threads.count
    let map = MemoryMap(pid: pid)
    daemon.stopCleanly()

    let kilobytes = { (name: String) in ThreadSnapshot.field(name, in: status) }
    print(
      "\(label)idle memory: VmRSS \(size(kilobytes("VmRSS"))) (RssAnon \(size(kilobytes("RssAnon"))), "
        + "RssFile \(size(kilobytes("RssFile")))), VmHWM \(size(kilobytes("VmHWM"))) "
        + "(issue 17 aim: VmRSS <= 8 MiB)")
    let startedKilobytes = { (name: String) in ThreadSnapshot.field(name, in: started) }
    print(
      "\(label)just started: VmRSS \(size(startedKilobytes("VmRSS"))) (RssAnon \(size(startedKilobytes("RssAnon"))), "
        + "RssFile \(size(startedKilobytes("RssFile")))), \(settleMilliseconds) ms after READY=1")
    print(
      "  method: /proc/PID/status of the daemon at the end of \(seconds) s with no client and no key "
        + "(just started: \(settleMilliseconds) ms after READY=1), its executable "
        + "read from disk (page cache evicted first) "
        + "(RssFile: mapped binary and libraries; RssAnon: heap and stacks); largest in /proc/PID/smaps: "
        + map.largest(8))
    let rolled = { (name: String) in ThreadSnapshot.field(name, in: rollup) }
    print(
      "\(label)idle footprint: Pss \(size(rolled("Pss"))), Private_Dirty \(size(rolled("Private_Dirty"))), "
        + "Private_Clean \(size(rolled("Private_Clean"))), threads \(threadCount)")
    print(
      "  method: /proc/PID/smaps_rollup and the entries of /proc/PID/task at the same moment as VmRSS "
        + "(Pss: each page divided by the processes mapping it; Private_Dirty: written pages no other "
        + "process maps, the memory this daemon alone costs)")
    print("\(label)input nodes open: \(devices.count) (\(devices.joined(separator: ", ")))")
    print("  method: /proc/PID/fd links to /dev/input/* or, for umockdev's emulated nodes, /dev/pts/*")
    report(before: before, after: after)
    let cpu = UInt64(max(after.cpuNanoseconds - before.cpuNanoseconds, 0))
    print(
      "\(label)idle CPU in \(seconds) s: \(micros(cpu)) (all threads), utime+stime "
        + "\(ticksAfter - ticksBefore) ticks of 1/\(sysconf(Int32(_SC_CLK_TCK))) s")
    print(
      "  method: the sum of /proc/PID/task/*/schedstat run times (ns), and utime+stime from "
        + "/proc/PID/stat, sampled at the start and end of the same window")
  }

  /// What the process's descriptors open under /dev/input, or /dev/pts (an
  /// emulated node inside a umockdev testbed is a pseudo-terminal).
  private static func inputNodes(pid: pid_t) -> [String] {
    let directory = "/proc/\(pid)/fd"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.compactMap {
      try? FileManager.default.destinationOfSymbolicLink(atPath: "\(directory)/\($0)")
    }
    .filter { $0.hasPrefix("/dev/input/") || $0.hasPrefix("/dev/pts/") }.sorted()
  }

  private func report(before: ThreadSnapshot, after: ThreadSnapshot) {
    var total = 0
    var threads: [String] = []
    for (id, now) in after.threads.sorted(by: { $0.key < $1.key }) {
      guard let then = before.threads[id] else {
        threads.append("\(now.name)[\(id)] new thread")
        continue
      }
      let switches = now.voluntary + now.involuntary - then.voluntary - then.involuntary
      total += switches
      let waits = switches > 0 ? ", waits in \(now.waitChannel)" : ""
      threads.append("\(now.name)[\(id)] \(switches) (runs \(now.runs - then.runs)\(waits))")
    }
    var exited = 0
    for (id, then) in before.threads.sorted(by: { $0.key < $1.key }) where after.threads[id] == nil {
      threads.append("\(then.name)[\(id)] exited (woke at least once to exit)")
      exited += 1
    }
    print(
      "\(label)idle wake-ups in \(seconds) s: \(total)\(exited > 0 ? " + \(exited) thread exits" : "") over "
        + "\(after.threads.count) threads: "
        + threads.joined(separator: ", ") + " (issue 4 target: 0)")
    print(
      "  method: per thread, voluntary + nonvoluntary context switches from /proc/PID/task/TID/status "
        + "(schedstat run count and, for a thread that woke, its wchan in brackets) sampled \(seconds) s apart, no client, no key"
    )
  }

  private func size(_ kilobytes: Int) -> String {
    let tenths = (kilobytes * 10 + 512) / 1024
    return "\(kilobytes) kB = \(tenths / 10).\(tenths % 10) MiB"
  }
}
