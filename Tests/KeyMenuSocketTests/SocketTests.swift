import Glibc
import Testing

@testable import KeyMenuSocket

/// A private directory for a test's sockets (mkdtemp), removed with what it holds.
final class PrivateDirectory {
  let path: String

  init() throws {
    var template = Array("/tmp/keymenu-socket-tests.XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw SocketError(operation: "mkdtemp", errno: errno) }
    path = String(cString: made)
  }

  deinit {
    if let directory = opendir(path) {
      while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) {
          String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name != "." && name != ".." { unlink(path + "/" + name) }
      }
      closedir(directory)
    }
    rmdir(path)
  }
}

/// A listening Unix stream socket at `path`.
func listeningSocket(at path: String) throws -> Int32 {
  let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
  #expect(fd >= 0)
  let bound = try UnixSocketAddress.with(path) { bind(fd, $0, $1) }
  guard bound == 0, listen(fd, 4) == 0 else {
    close(fd)
    throw SocketError(operation: "bind/listen \(path)", errno: errno)
  }
  return fd
}

func writeAll(_ text: String, to fd: Int32) {
  let bytes = Array(text.utf8)
  let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
  #expect(written == bytes.count)
}

/// Reads from `fd` until `count` bytes came or it ended.
func readBytes(_ count: Int, from fd: Int32) -> String {
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 256)
  while bytes.count < count {
    let got = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard got > 0 else { break }
    bytes += chunk[..<got]
  }
  return String(decoding: bytes, as: UTF8.self)
}

@Suite struct UnixSocketAddressTests {
  @Test func aPathIsCopiedNulTerminatedWithTheWholeStructsLength() throws {
    let (family, path, length) = try UnixSocketAddress.with("/run/keymenu/keymenu.sock") { pointer, length in
      pointer.withMemoryRebound(to: sockaddr_un.self, capacity: 1) { address in
        var copy = address.pointee
        let path = withUnsafeBytes(of: &copy.sun_path) {
          String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
        }
        return (Int32(address.pointee.sun_family), path, length)
      }
    }
    #expect(family == AF_UNIX)
    #expect(path == "/run/keymenu/keymenu.sock")
    #expect(length == socklen_t(MemoryLayout<sockaddr_un>.size))
  }

  @Test func anAtNamesTheAbstractNamespaceExactlyItsBytesLong() throws {
    let (first, rest, length) = try UnixSocketAddress.with("@keymenu-test") { pointer, length in
      pointer.withMemoryRebound(to: sockaddr_un.self, capacity: 1) { address in
        var copy = address.pointee
        return withUnsafeBytes(of: &copy.sun_path) {
          ($0[0], String(decoding: $0[1..<13], as: UTF8.self), length)
        }
      }
    }
    #expect(first == 0)
    #expect(rest == "keymenu-test")
    #expect(length == socklen_t(MemoryLayout<sa_family_t>.size + "@keymenu-test".utf8.count))
  }

  @Test func anEmptyOrTooLongPathIsRefused() {
    #expect(throws: SocketError.self) { try UnixSocketAddress.with("") { _, _ in 0 } }
    let long = "/" + String(repeating: "x", count: 200)
    do {
      _ = try UnixSocketAddress.with(long) { _, _ in 0 }
      Issue.record("a 201-byte path was accepted")
    } catch {
      #expect(error.errno == ENAMETOOLONG)
      #expect(error.operation.contains("empty or too long"))
    }
    // The longest that fits: one byte short of sun_path, for its NUL.
    let fits = "/" + String(repeating: "y", count: 106)
    #expect((try? UnixSocketAddress.with(fits) { _, _ in true }) == true)
  }
}

@Suite struct SocketErrorTests {
  @Test func itsDescriptionNamesTheCallAndTheErrno() {
    let error = SocketError(operation: "connect /x", errno: ENOENT)
    #expect(error.description == "connect /x: No such file or directory")
    #expect(error == SocketError(operation: "connect /x", errno: ENOENT))
    #expect(error != SocketError(operation: "connect /x", errno: EACCES))
  }
}

@Suite struct LineSocketClientTests {
  @Test func aMissingSocketIsENOENTNamingThePath() throws {
    let directory = try PrivateDirectory()
    let path = directory.path + "/absent.sock"
    do {
      _ = try LineSocketClient(path: path)
      Issue.record("connected to nothing")
    } catch {
      #expect(error.errno == ENOENT)
      #expect(error.operation == "connect \(path)")
    }
  }

  @Test func aSocketNobodyListensOnIsRefused() throws {
    let directory = try PrivateDirectory()
    let path = directory.path + "/closed.sock"
    let listener = try listeningSocket(at: path)
    close(listener)
    #expect(throws: SocketError(operation: "connect \(path)", errno: ECONNREFUSED)) {
      try LineSocketClient(path: path)
    }
  }

  @Test func linesGoBothWaysOverARealSocket() throws {
    let directory = try PrivateDirectory()
    let path = directory.path + "/keymenu.sock"
    let listener = try listeningSocket(at: path)
    defer { close(listener) }
    let client = try LineSocketClient(path: path)
    let server = accept(listener, nil, nil)
    #expect(server >= 0)
    defer { close(server) }

    try client.write(line: Array("hello".utf8))
    #expect(readBytes(6, from: server) == "hello\n")

    #expect(!client.waitReadable(within: .milliseconds(20)), "nothing sent yet")
    writeAll("one\ntwo\npart", to: server)
    #expect(client.waitReadable(within: .seconds(5)))
    #expect(try client.readLine().map { String(decoding: $0, as: UTF8.self) } == "one")
    #expect(client.hasBufferedLine, "two is read already")
    #expect(client.waitReadable(within: .zero))
    #expect(try client.readLine().map { String(decoding: $0, as: UTF8.self) } == "two")
    #expect(!client.hasBufferedLine, "part has no newline yet")
    writeAll("ial\n", to: server)
    #expect(try client.readLine().map { String(decoding: $0, as: UTF8.self) } == "partial")
    shutdown(server, Int32(SHUT_WR))
    #expect(try client.readLine() == nil, "the peer closed")
    #expect(client.fileDescriptor >= 0)
  }

  @Test func aConnectedDescriptorIsCopiedAndTheOriginalStaysOpen() throws {
    var pair: [Int32] = [-1, -1]
    #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
    defer { close(pair[1]) }
    do {
      let client = try LineSocketClient(connected: pair[0])
      #expect(client.fileDescriptor != pair[0])
      writeAll("answer\n", to: pair[1])
      #expect(try client.readLine().map { String(decoding: $0, as: UTF8.self) } == "answer")
    }
    #expect(fcntl(pair[0], F_GETFD) != -1, "the original is still open")
    close(pair[0])
  }

  @Test func aDescriptorThatIsNoStreamSocketIsRefused() throws {
    var pipeEnds: [Int32] = [-1, -1]
    #expect(pipe(&pipeEnds) == 0)
    defer {
      close(pipeEnds[0])
      close(pipeEnds[1])
    }
    #expect(throws: SocketError(operation: "descriptor \(pipeEnds[0])", errno: ENOTSOCK)) {
      try LineSocketClient(connected: pipeEnds[0])
    }
    let datagram = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
    defer { close(datagram) }
    #expect(throws: SocketError(operation: "descriptor \(datagram)", errno: ENOTSOCK)) {
      try LineSocketClient(connected: datagram)
    }
    #expect(throws: SocketError(operation: "descriptor 9999", errno: EBADF)) {
      try LineSocketClient(connected: 9999)
    }
  }

  /// A wait's bound goes to poll() whole, the fraction of a second
  /// included and rounded up: 300 ms is 300, not 1 (the whole seconds
  /// plus one, which it was).
  @Test func pollWaitsTheWholeBound() {
    #expect(LineSocketClient.pollMilliseconds(.milliseconds(300)) == 300)
    #expect(LineSocketClient.pollMilliseconds(.milliseconds(2500)) == 2500)
    #expect(LineSocketClient.pollMilliseconds(.microseconds(1)) == 1)
    #expect(LineSocketClient.pollMilliseconds(.seconds(2)) == 2000)
    #expect(LineSocketClient.pollMilliseconds(.zero) == 0)
  }
}
