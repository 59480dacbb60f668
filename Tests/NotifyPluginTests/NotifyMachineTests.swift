import KeyMenuPluginAPI
import KeyMenuProtocol
import Testing

@testable import NotifyPlugin

/// Alert and menu snapshots for the machine's scripts.
func alertSnapshot(_ id: String, buttons: [String] = ["Cancel", "OK"], cancel: Int? = 0) -> ModalPicture {
  ModalPicture.alert(
    id: id, title: "Title \(id)", message: "Message \(id)", buttons: buttons, focus: buttons.count - 1,
    cancel: cancel, defaultButton: buttons.count - 1)
}

func stack(_ alerts: ModalPicture...) -> ModalSnapshot { ModalSnapshot(stack: alerts.map { $0 }) }

@Suite struct NotifyMachineTests {
  var machine = NotifyMachine(closeCancels: true)
  let one = alertSnapshot("alert-1")
  let two = alertSnapshot("alert-2", buttons: ["OK"], cancel: nil)

  @Test mutating func anAlertIsNotifiedOnceAndClosedWhenItGoes() {
    #expect(machine.show(stack(one)) == [.notify(one)])
    var focused = one
    focused.focusedButton = 0
    #expect(machine.show(stack(focused)) == [])
    #expect(machine.notified("alert-1", as: 7) == [])
    #expect(machine.entries.map(\.state) == [.shown(7)])
    #expect(machine.show(stack()) == [.close(7)])
    #expect(machine.entries.isEmpty)
  }

  @Test mutating func anAlertUnderAMenuKeepsItsNotification() {
    _ = machine.show(stack(one))
    _ = machine.notified("alert-1", as: 7)
    let menu = ModalPicture.menu(id: "menu-1", path: ["Main"], items: [], highlight: nil, filter: "")
    #expect(machine.show(ModalSnapshot(stack: [one, menu])) == [])
    #expect(machine.entries.map(\.state) == [.shown(7)])
  }

  /// A dialog (a prompt) is no notification: a desktop notification cannot
  /// be typed into, so notify shows only the alerts around it.
  @Test mutating func aDialogShowsNothingAndLeavesTheAlertsAsTheyAre() {
    let prompt = ModalPicture(
      id: "prompt-1", kind: "prompt", title: "Password",
      field: .init(shown: "••", masked: true, cursor: 2), buttons: ["OK", "Cancel"], cancel: 1)
    #expect(machine.show(ModalSnapshot(stack: [prompt])) == [])
    #expect(machine.entries.isEmpty)
    #expect(machine.show(ModalSnapshot(stack: [prompt, one])) == [.notify(one)])
    #expect(machine.show(stack(one)) == [])
  }

  @Test mutating func anAlertThatGoesBeforeItsIdComesIsClosedWhenTheIdComes() {
    _ = machine.show(stack(one))
    #expect(machine.show(stack()) == [])
    #expect(machine.orphans == ["alert-1"])
    #expect(machine.notified("alert-1", as: 9) == [.close(9)])
    #expect(machine.orphans.isEmpty)
  }

  @Test mutating func aClickAnswersWithThatButtonOnce() {
    _ = machine.show(stack(one, two))
    _ = machine.notified("alert-1", as: 3)
    _ = machine.notified("alert-2", as: 4)
    #expect(machine.actionInvoked(4, key: "1") == [])
    #expect(machine.actionInvoked(3, key: "default") == [])
    #expect(machine.actionInvoked(99, key: "0") == [])
    #expect(machine.actionInvoked(3, key: "1") == [.answer(alert: "alert-1", button: 1)])
    #expect(machine.actionInvoked(3, key: "0") == [])
    #expect(machine.show(stack(two)) == [])
  }

  @Test mutating func closingWithoutChoosingPicksTheCancelButtonIfThereIsOne() {
    _ = machine.show(stack(one, two))
    _ = machine.notified("alert-1", as: 3)
    _ = machine.notified("alert-2", as: 4)
    #expect(machine.closed(4, reason: 2) == [])
    #expect(machine.closed(3, reason: 2) == [.answer(alert: "alert-1", button: 0)])
    #expect(machine.closed(3, reason: 2) == [])
    #expect(machine.show(stack()) == [])
  }

  @Test mutating func expiryOrCloseCancelsOffLeavesTheAlertUp() {
    machine.closeCancels = false
    _ = machine.show(stack(one))
    _ = machine.notified("alert-1", as: 3)
    #expect(machine.closed(3, reason: 2) == [])
    machine.closeCancels = true
    _ = machine.show(stack(alertSnapshot("alert-3")))
    _ = machine.notified("alert-3", as: 5)
    #expect(machine.closed(5, reason: 1) == [])
    #expect(machine.entries.map(\.state) == [.none])
  }

  @Test mutating func aFailureOrALostBusIsNotRetriedForTheSameAlert() {
    _ = machine.show(stack(one))
    machine.notifyFailed("alert-1")
    #expect(machine.show(stack(one, two)) == [.notify(two)])
    _ = machine.notified("alert-2", as: 8)
    machine.disconnected()
    #expect(machine.actionInvoked(8, key: "0") == [])
    #expect(machine.show(stack()) == [])
  }

  @Test mutating func closeAllClosesWhatIsShownAndForgetsTheRest() {
    _ = machine.show(stack(one, two))
    _ = machine.notified("alert-2", as: 4)
    #expect(machine.closeAll() == [.close(4)])
    #expect(machine.notified("alert-1", as: 3) == [])
    #expect(machine.show(stack()) == [])
  }
}
