// The reply's C boundary (DESIGN.md): one AF_UNIX datagram to the question's
// socket, built in a buffer of its own that is wiped (explicit_bzero) once sent.
import Glibc
import KeyMenuSocket

/// The answer to a question, as the specification has agents send it: one
/// datagram to the question's `Socket=`, `+` and the passphrase, or `-` when
/// the person declined. The asker accepts it only from root (or its own
/// user): the sender's credentials travel with it.
public enum AskReply {
  /// Why a reply was not sent.
  public struct Failure: Error, CustomStringConvertible {
    /// What failed, with the errno's text (never the passphrase).
    public let description: String
  }

  /// Sends `+` and `passphrase` to `socket`, then wipes `passphrase` and the
  /// datagram: the caller's array is left all zeros, whatever happened.
  public static func accept(_ passphrase: inout [UInt8], to socket: String) throws(Failure) {
    defer { wipe(&passphrase) }
    let length = 1 + passphrase.count
    guard let datagram = malloc(length) else { throw Failure(description: "out of memory") }
    defer {
      explicit_bzero(datagram, length)
      free(datagram)
    }
    datagram.storeBytes(of: UInt8(ascii: "+"), as: UInt8.self)
    passphrase.withUnsafeBytes { bytes in
      if let base = bytes.baseAddress { memcpy(datagram + 1, base, bytes.count) }
    }
    try send(UnsafeRawBufferPointer(start: datagram, count: length), to: socket)
  }

  /// Sends `-`: the person declined (Cancel, Esc).
  public static func decline(to socket: String) throws(Failure) {
    var minus = UInt8(ascii: "-")
    try withUnsafeBytes(of: &minus) { bytes throws(Failure) in try send(bytes, to: socket) }
  }

  /// Overwrites `bytes` with zeros in place (not optimized away).
  public static func wipe(_ bytes: inout [UInt8]) {
    bytes.withUnsafeMutableBytes { buffer in
      if let base = buffer.baseAddress { explicit_bzero(base, buffer.count) }
    }
  }

  private static func send(_ datagram: UnsafeRawBufferPointer, to socket: String) throws(Failure) {
    let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
    defer { close(descriptor) }
    let sent: Int
    do {
      sent = try UnixSocketAddress.with(socket) { address, length in
        sendto(descriptor, datagram.baseAddress, datagram.count, 0, address, length)
      }
    } catch {
      throw Failure(description: "cannot send to \(socket): \(error)")
    }
    guard sent == datagram.count else {
      throw Failure(description: "cannot send to \(socket): \(String(cString: strerror(errno)))")
    }
  }
}
