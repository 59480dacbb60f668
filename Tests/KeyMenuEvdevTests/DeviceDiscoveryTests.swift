import Foundation
import Glibc
import KeyMenuCore
import KeyMenuRuntime
import SystemPackage
import Testing

@testable import KeyMenuEvdev

/// Discovery, the inotify watch and the loop's hot-plug path, in process, on
/// a temporary directory whose `event*` entries are symlinks to `/dev/null`
/// (a character device that is not an evdev device).
@Suite struct DeviceDiscoveryTests {
  let root: String

  init() throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("input-\(UUID())").path
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false)
  }

  func node(_ name: String, in directory: String? = nil) throws {
    try FileManager.default.createSymbolicLink(
      atPath: (directory ?? root) + "/" + name, withDestinationPath: "/dev/null")
  }

  @Test func eventNodesAreCharacterDevicesInNumericOrder() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    try node("event10")
    try node("event2")
    try node("eventX")
    try node("mouse0")
    #expect(FileManager.default.createFile(atPath: root + "/event3", contents: Data()))
    #expect(DeviceDirectory(path: root).eventNodes() == [root + "/event2", root + "/event10"])
    #expect(DeviceDirectory(path: root + "/missing").eventNodes() == [])
  }

  @Test func watcherSeesNodesComeAndGo() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let watcher = try DeviceNodeWatcher(directory: root)
    try node("event4")
    try node("js0")
    #expect(watcher.readChanges() == [.appeared(root + "/event4")])
    try FileManager.default.removeItem(atPath: root + "/event4")
    #expect(watcher.readChanges() == [.disappeared(root + "/event4")])
    #expect(watcher.readChanges() == [])
  }

  /// A box with no keyboard has no /dev/input yet: the parent is watched
  /// until the directory appears, then the directory itself.
  @Test func watcherWaitsForTheDirectoryToAppear() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let directory = root + "/input"
    let watcher = try DeviceNodeWatcher(directory: directory)
    #expect(watcher.readChanges() == [])
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    #expect(watcher.readChanges() == [.directoryAppeared])
    try node("event5", in: directory)
    #expect(watcher.readChanges() == [.appeared(directory + "/event5")])
    try FileManager.default.removeItem(atPath: directory)
    _ = watcher.readChanges()
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    #expect(watcher.readChanges() == [.directoryAppeared])
  }

  /// The loop reports a node found at start, then one created while it runs
  /// (both fail with ENOTTY: /dev/null is not evdev), and stop() ends it.
  @Test func loopOpensNodesThatAppearWhileRunning() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    try node("event1")
    let loop = try InputLoop(source: .directory(DeviceDirectory(path: root), keyboardsOnly: true))
    var failures: [EvdevError] = []
    try loop.run { event in
      guard case .openFailed(let error) = event else { return }
      failures.append(error)
      if failures.count == 1 {
        try? node("event2")
      } else {
        loop.stop()
      }
    }
    #expect(failures.map(\.path) == [root + "/event1", root + "/event2"])
    #expect(failures.allSatisfy { $0.code == .notAnInputDevice && $0.errno?.symbolicName == "ENOTTY" })
  }

  @Test func explicitPathsFailBeforeAnythingIsReported() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let loop = try InputLoop(source: .paths([root + "/event9"]))
    var reported = 0
    #expect(throws: EvdevError.self) { try loop.run { _ in reported += 1 } }
    #expect(reported == 0)
  }

  /// A process already in the node's group is not told to join a group:
  /// the node's mode is what is wrong.
  @Test func permissionAdviceDependsOnTheNodesGroup() {
    let outside = EvdevError.permissionMessage(
      path: "/dev/input/event4", node: NodeAccess(groupName: "input", modeText: "0660", processInGroup: false)
    )
    #expect(outside.contains("add your user to it"))
    let inside = EvdevError.permissionMessage(
      path: "/dev/input/event4", node: NodeAccess(groupName: "root", modeText: "0600", processInGroup: true))
    #expect(!inside.contains("add your user"))
    #expect(inside.contains("although this process is in its group (root, mode 0600)"))
    #expect(EvdevError.permissionMessage(path: "/gone", node: nil).contains("'input' group"))
  }

  /// A node this process can reach through its own group: NodeAccess sees it.
  @Test func nodeAccessReadsTheGroupAndMode() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let file = root + "/event7"
    #expect(
      FileManager.default.createFile(atPath: file, contents: Data(), attributes: [.posixPermissions: 0o640]))
    let access = try #require(NodeAccess(file))
    #expect(access.modeText == "0640")
    #expect(access.processInGroup)
    #expect(NodeAccess(root + "/missing") == nil)
  }

  @Test func errorsSayWhatToDo() {
    let denied = EvdevError(opening: "/dev/input/event3", errno: Errno(rawValue: EACCES))
    #expect(denied.code == .permissionDenied)
    #expect(denied.message.contains("'input' group"))
    #expect(EvdevError(opening: "/x", errno: Errno(rawValue: ENOENT)).code == .notFound)
    #expect(
      EvdevError(opening: "/x", errno: Errno(rawValue: ENOTTY)).message.contains("not an evdev input device"))
    #expect(EvdevError(opening: "/x", errno: Errno(rawValue: ENODEV)).code == .deviceGone)
    #expect(EvdevError(opening: "/x", errno: Errno(rawValue: EIO)).code == .system)
  }
}
