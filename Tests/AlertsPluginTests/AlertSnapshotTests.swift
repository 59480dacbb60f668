import AlertsPlugin
import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuProtocol
import Testing

@Suite struct AlertPictureTests {
  @Test func snapshotFollowsFocus() {
    var machine = AlertMachine(
      Alert(title: "Sure?", message: "It cannot be undone.", buttons: ["No", "Yes"], cancel: 0))
    #expect(
      machine.snapshot(id: "a1")
        == ModalPicture.alert(
          id: "a1", title: "Sure?", message: "It cannot be undone.", buttons: ["No", "Yes"], focus: 1,
          cancel: 0,
          defaultButton: 1))
    _ = machine.handle(key("LEFT"))
    #expect(machine.snapshot(id: "a1").focusedButton == 0)
  }
}
