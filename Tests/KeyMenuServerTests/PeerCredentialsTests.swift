import Foundation
import Glibc
import KeyMenuProtocol
import KeyMenuServer
import KeyMenuSocket
import Testing

@Suite struct PeerCredentialsTests {
  @Test func aSocketPairSeesThisProcess() throws {
    var fds: [Int32] = [0, 0]
    #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
    defer { fds.forEach { close($0) } }
    let peer = try PeerCredentials(socket: fds[0])
    #expect(peer.pid == getpid())
    #expect(peer.uid == getuid())
    #expect(peer.gid == getgid())
  }

  @Test func aPlainFileIsNotASocket() {
    let fd = open("/dev/null", O_RDONLY)
    defer { close(fd) }
    #expect(throws: SocketError.self) { try PeerCredentials(socket: fd) }
  }

  /// A client started as nobody connects to a listening socket: the server
  /// side reads uid 65534 and the standard policy gives it `observe`.
  @Test(.enabled(if: getuid() == 0, "needs root to run a client as nobody"))
  func anotherUsersConnectionIsIdentified() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sock-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/test.sock"
    let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(listener) }
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
    #expect(bound == 0)
    chmod(path, 0o777)
    #expect(listen(listener, 4) == 0)
    let client = Process()
    client.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
    client.arguments = [
      "--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-c",
      "import socket,sys,time; s=socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); time.sleep(0.5)",
      path,
    ]
    try client.run()
    let connection = accept(listener, nil, nil)
    #expect(connection >= 0)
    defer { close(connection) }
    let peer = try PeerCredentials(socket: connection)
    client.waitUntilExit()
    #expect(peer.uid == 65534)
    #expect(peer.gid == 65534)
    #expect(peer.groups.isEmpty)
    #expect(peer.tier(under: .standard(adminGroup: 27, socketGroup: 990)) == .observe)
    #expect(
      PeerCredentials(pid: 1, uid: 0, gid: 0).tier(under: .standard(adminGroup: nil, socketGroup: nil))
        == .admin)
  }
}
