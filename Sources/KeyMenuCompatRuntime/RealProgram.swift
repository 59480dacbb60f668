import Glibc
public import KeyMenuCompat
import KeyMenuCore

/// Runs the system's real whiptail, dialog or dmenu in this process's
/// place when keymenud cannot be reached, so that a script still runs.
///
/// The C-boundary file of the compatible commands: `realpath`, `stat`,
/// `access`, `read`, `setenv`, `execv`.
public enum RealProgram {
  /// The compat directories, never searched (`make install` puts the
  /// `whiptail`, `dialog` and `dmenu` links there).
  public static let compatDirectories = ["/usr/lib/keymenu/compat", "/usr/local/lib/keymenu/compat"]

  /// Runs the real program for `fallback` in this process's place, as
  /// ``CompatFallback/step(because:found:mark:)`` decides, with the same
  /// `arguments` (and `input` on its standard input, if given); otherwise,
  /// or when it cannot run, says why on standard error and exits with the
  /// fallback's error status.
  public static func fallBack(
    _ fallback: CompatFallback, arguments: [String], input: [UInt8]? = nil, because reason: String
  ) -> Never {
    let mark = getenv(CompatFallback.markName).map { String(cString: $0) }
    switch fallback.step(because: reason, found: locate(fallback.realProgram), mark: mark) {
    case .refuse(let message):
      Descriptor.write(message, to: 2)
    case .run(let path, let mark):
      setenv(CompatFallback.markName, mark, 1)
      let failure =
        if let input {
          exec(path, name: fallback.realProgram, arguments: arguments, input: input)
        } else {
          exec(path, name: fallback.realProgram, arguments: arguments)
        }
      Descriptor.write("\(fallback.command): cannot run \(ShownText.visible(path)): \(failure)\n", to: 2)
    }
    exit(fallback.errorStatus)
  }

  /// The real `name` on `PATH`: not in a compat directory, and not this
  /// very program under another name (a link or an identical copy); nil
  /// when there is none.
  public static func locate(_ name: String) -> String? {
    let searchPath = getenv("PATH").flatMap { String(validatingCString: $0) } ?? "/usr/bin:/bin"
    var skipped = compatDirectories
    if let own = resolved("/proc/self/exe") {
      // The compat directory of an installation elsewhere: PREFIX/lib/keymenu/compat
      // beside PREFIX/bin/keymenu-whiptail.
      let bin = own.split(separator: "/").dropLast()
      if bin.last == "bin" {
        skipped.append("/" + bin.dropLast().joined(separator: "/") + "/lib/keymenu/compat")
      }
    }
    let locator = RealProgramLocator(
      searchPath: searchPath, skippedDirectories: skipped, ownFile: file(ownExecutable),
      resolve: { resolved($0) },
      isExecutable: { path in
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && access(path, X_OK) == 0
      },
      file: { file($0) },
      hasOwnContents: { sameBytes($0, ownExecutable) })
    return locator.locate(name)
  }

  /// This program's file: the kernel's link to what it runs, which stays
  /// readable when the file was replaced or removed meanwhile.
  static let ownExecutable = "/proc/self/exe"

  /// The file `path` names (links followed), or nil.
  static func file(_ path: String) -> ProgramFile? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return ProgramFile(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size))
  }

  /// Whether two files hold the same bytes, read side by side until the
  /// first difference (false when either cannot be read).
  static func sameBytes(_ first: String, _ second: String) -> Bool {
    let one = open(first, O_RDONLY | O_CLOEXEC)
    guard one >= 0 else { return false }
    defer { close(one) }
    let two = open(second, O_RDONLY | O_CLOEXEC)
    guard two >= 0 else { return false }
    defer { close(two) }
    let chunk = 64 * 1024
    var left = [UInt8](repeating: 0, count: chunk)
    var right = [UInt8](repeating: 0, count: chunk)
    while true {
      guard let count = readFully(one, &left), let other = readFully(two, &right), count == other else {
        return false
      }
      if count == 0 { return true }
      if memcmp(left, right, count) != 0 { return false }
    }
  }

  /// Fills `buffer` from `descriptor` as far as the file goes (short reads
  /// and EINTR retried): the count read, 0 at its end, nil on an error.
  private static func readFully(_ descriptor: Int32, _ buffer: inout [UInt8]) -> Int? {
    var filled = 0
    while filled < buffer.count {
      let count = buffer.withUnsafeMutableBytes {
        read(descriptor, $0.baseAddress! + filled, $0.count - filled)
      }
      if count < 0, errno == EINTR { continue }
      if count < 0 { return nil }
      if count == 0 { break }
      filled += count
    }
    return filled
  }

  /// Replaces this process with `path`, named `name` in its `argv[0]`,
  /// with `arguments`; returns only when that failed (the errno's text).
  public static func exec(_ path: String, name: String, arguments: [String]) -> String {
    let words = [name] + arguments
    var pointers: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) }
    pointers.append(nil)
    execv(path, pointers)
    let failure = String(cString: strerror(errno))
    for pointer in pointers { free(pointer) }
    return failure
  }

  /// Replaces this process with `path` as ``exec(_:name:arguments:)``,
  /// with `input` as its standard input (an unnamed temporary file, so that
  /// no write blocks however long it is).
  public static func exec(_ path: String, name: String, arguments: [String], input: [UInt8]) -> String {
    // An unnamed temporary file (O_TMPFILE, or removed at once).
    guard let stream = tmpfile() else { return String(cString: strerror(errno)) }
    let file = fileno(stream)
    guard Descriptor.write(input, to: file), lseek(file, 0, SEEK_SET) == 0, dup2(file, 0) == 0 else {
      return String(cString: strerror(errno))
    }
    fclose(stream)
    return exec(path, name: name, arguments: arguments)
  }

  /// `path` with every link resolved, or nil.
  static func resolved(_ path: String) -> String? {
    guard let real = realpath(path, nil) else { return nil }
    defer { free(real) }
    return String(cString: real)
  }
}
