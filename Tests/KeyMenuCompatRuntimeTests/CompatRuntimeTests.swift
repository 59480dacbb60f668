import Glibc
import KeyMenuClient
import KeyMenuCompatRuntime
import Testing

/// A private directory (mkdtemp) for a test's files.
func privateDirectory() throws -> String {
  var template = Array("/tmp/keymenu-compat-runtime.XXXXXX".utf8CString)
  let made = try #require(mkdtemp(&template))
  return String(cString: made)
}

func writeFile(_ path: String, _ bytes: [UInt8]) throws {
  let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
  try #require(fd >= 0)
  defer { close(fd) }
  #expect(Descriptor.write(bytes, to: fd))
}

@Suite struct TextFileTests {
  @Test func aMissingFileGivesTheErrnosText() throws {
    let directory = try privateDirectory()
    defer { rmdir(directory) }
    guard case .failure(let failure) = TextFile.read(directory + "/absent", limit: 100) else {
      Issue.record("a missing file was read")
      return
    }
    #expect(failure.reason == "No such file or directory")
  }

  @Test func aFileIsReadWithInvalidUTF8RepairedAndALongOneRefused() throws {
    let directory = try privateDirectory()
    let path = directory + "/text"
    defer {
      unlink(path)
      rmdir(directory)
    }
    try writeFile(path, Array("line one\nline two\n".utf8) + [0xFF])
    guard case .success(let text) = TextFile.read(path, limit: 100) else {
      Issue.record("a readable file failed")
      return
    }
    #expect(text == "line one\nline two\n\u{FFFD}")
    guard case .success(let tooLong) = TextFile.read(path, limit: 5) else {
      Issue.record("a long file failed")
      return
    }
    #expect(tooLong == nil)
  }
}

@Suite struct DescriptorTests {
  @Test func whatIsWrittenToAPipeIsReadToItsEnd() {
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    #expect(Descriptor.isOpen(ends[0]))
    #expect(Descriptor.write("café\n", to: ends[1]))
    #expect(Descriptor.write([1, 2, 3], to: ends[1]))
    close(ends[1])
    #expect(Descriptor.readAll(ends[0]) == Array("café\n".utf8) + [1, 2, 3])
    close(ends[0])
    #expect(!Descriptor.isOpen(ends[0]))
  }

  @Test func aClosedDescriptorRefusesAWrite() {
    #expect(!Descriptor.isOpen(9999))
    #expect(!Descriptor.write("x", to: 9999))
    #expect(Descriptor.write([], to: 9999), "nothing to write is no failure")
  }
}

@Suite struct DaemonLivenessTests {
  /// A daemon whose socket accepts (the kernel queues the connection) but
  /// which never answers does not count as running.
  @Test func aDaemonThatDoesNotAnswerHelloIsNotRunning() throws {
    let directory = try privateDirectory()
    let path = directory + "/keymenu.sock"
    let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    defer {
      close(listener)
      unlink(path)
      rmdir(directory)
    }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    try #require(bound == 0 && listen(listener, 4) == 0)
    let connection = try DaemonConnection(path: path)
    #expect(!connection.answers(within: .milliseconds(50)))
    #expect(DaemonConnection.compatAnswerBound == .seconds(2))
  }
}
