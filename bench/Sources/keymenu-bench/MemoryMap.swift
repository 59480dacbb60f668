import Foundation

/// Resident memory by mapped file, from `/proc/PID/smaps`: which library
/// the resident set is made of.
struct MemoryMap {
  /// Resident kilobytes by file name (`[anon]`, `[heap]`, `[stack]` for the others).
  var residentByName: [String: Int] = [:]

  init(pid: pid_t) {
    guard let text = ProcFile.text("/proc/\(pid)/smaps") else { return }
    var name = "[anon]"
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      if let first = fields.first, first.contains("-"), !first.hasSuffix(":") {
        name = fields.count >= 6 ? String(fields[5].split(separator: "/").last ?? fields[5]) : "[anon]"
      } else if fields.first == "Rss:", fields.count >= 2, let kilobytes = Int(fields[1]) {
        residentByName[name, default: 0] += kilobytes
      }
    }
  }

  /// The `count` largest, as `name 1234 kB`, largest first.
  func largest(_ count: Int) -> String {
    residentByName.sorted { $0.value > $1.value }.prefix(count).map { "\($0.key) \($0.value) kB" }
      .joined(separator: ", ")
  }
}
