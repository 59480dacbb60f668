import KeyMenuCore
import Testing

@testable import KeyMenuDaemon

/// The open devices and the resync count, as the input loop reports them.
@Suite struct DeviceTableTests {
  static func device(_ id: UInt32, _ path: String) -> DeviceInfo {
    DeviceInfo(
      id: DeviceID(id), identity: DeviceIdentity(path: path, name: "keyboard \(id)"),
      capabilities: DeviceCapabilities(keys: [.enter]),
      classification: DeviceClassification(DeviceCapabilities(keys: [.enter])))
  }

  @Test func devicesComeAndGoByID() {
    var table = DeviceTable()
    table.add(Self.device(1, "/dev/input/event3"))
    table.add(Self.device(2, "/dev/input/event4"))
    table.remove(Self.device(1, "/dev/input/event3"))
    #expect(table.count == 1)
    #expect(table[DeviceID(1)] == nil)
    #expect(table[DeviceID(2)]?.identity.path == "/dev/input/event4")
  }

  @Test func onlyThe1st10th100thResyncAreToBeLogged() {
    var table = DeviceTable()
    let logged = (1...1000).filter { _ in table.countResync() }
    #expect(logged == [1, 10, 100, 1000])
    #expect(table.resyncs == 1000)
  }
}
