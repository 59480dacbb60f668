import Glibc
import KeyMenuCompat

/// Runs the system's real whiptail, dialog or dmenu in this process's
/// place when keymenud cannot be reached, so that a script still runs.
///
/// The C-boundary file of the compatible commands: `realpath`, `access`,
/// `execv`.
public enum RealProgram {
  /// The compat directories, never searched (`make install` puts the
  /// `whiptail`, `dialog` and `dmenu` links there).
  public static let compatDirectories = ["/usr/lib/keymenu/compat", "/usr/local/lib/keymenu/compat"]

  /// The real `name` on `PATH`: not in a compat directory, and not a link
  /// to this very program; nil when there is none.
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
      searchPath: searchPath, skippedDirectories: skipped, ownExecutable: resolved("/proc/self/exe") ?? "",
      resolve: { resolved($0) },
      isExecutable: { path in
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && access(path, X_OK) == 0
      })
    return locator.locate(name)
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
  public static func exec(_ path: String, name: String, arguments: [String], input: String) -> String {
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
