import Foundation

/// keymenud at rest: its resident memory `settle` milliseconds after
/// `READY=1`, then the wake-ups of each of its threads over `seconds` with no
/// client connected and no key arriving.
struct IdleBenchmark {
  var command: [String]
  var seconds: Int
  var settleMilliseconds: Int
  var label: String

  func run() {
    let daemon = DaemonProcess(command: command)
    _ = daemon.waitReady()
    usleep(UInt32(settleMilliseconds) * 1000)
    guard let status = ProcFile.text("/proc/\(daemon.pid)/status") else {
      daemon.abandon("cannot read /proc/\(daemon.pid)/status")
    }
    let map = MemoryMap(pid: daemon.pid)
    let before = ThreadSnapshot(pid: daemon.pid)
    sleep(UInt32(seconds))
    let after = ThreadSnapshot(pid: daemon.pid)
    daemon.stopCleanly()

    let kilobytes = { (name: String) in ThreadSnapshot.field(name, in: status) }
    print(
      "\(label)idle memory: VmRSS \(size(kilobytes("VmRSS"))) (RssAnon \(size(kilobytes("RssAnon"))), "
        + "RssFile \(size(kilobytes("RssFile")))), VmHWM \(size(kilobytes("VmHWM"))) "
        + "(issue 4 target: RSS <= 12 MB)")
    print(
      "  method: /proc/PID/status of keymenud \(settleMilliseconds) ms after READY=1 "
        + "(RssFile: mapped binary and libraries; RssAnon: heap and stacks); largest in /proc/PID/smaps: "
        + map.largest(8))
    report(before: before, after: after)
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
