import Glibc

/// A failed sd-bus call: which one, and the errno it returned.
struct BusError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The C function that failed, such as `sd_bus_start`.
  var call: String
  /// The errno (positive).
  var errno: Int32

  /// A failure of `call`, from sd-bus's negative-errno return value.
  init(_ call: String, returned value: Int32) {
    self.call = call
    self.errno = value < 0 ? -value : value
  }

  var description: String { "\(call): \(String(cString: strerror(errno))) (errno \(errno))" }
}
