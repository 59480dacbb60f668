import KeyMenuPluginAPI
import KeyMenuProtocol
import Logging

/// The rest of the alerts plugin's surface besides its socket methods: the
/// configuration action `alert = { ... }` and the notifications subscribers
/// of `alert` get.
extension AlertsPlugin {
  /// `alert = { ... }`, read by the configuration itself (every position
  /// kept) and handed over as `alert.show`'s params.
  nonisolated static let actions = [
    ActionDeclaration(
      "alert",
      help: "show an alert: { title = \"...\", message, buttons, cancel, default, timeout_ms }",
      problem: { value in
        (try? JSONValueDecoder.decode(AlertShowParams.self, from: JSONValue(value))) == nil
          ? "must be a table with a title" : nil
      })
  ]

  /// `alert.shown`, `alert.focus` (the front alert's state) and `alert.answered`.
  nonisolated static let notifications = [
    NotificationDeclaration(.alertShown, topic: "alert") {
      $0.payload(as: ModalPicture.self)
    },
    NotificationDeclaration(.alertFocus, topic: "alert") {
      $0.payload(as: ModalPicture.self)
    },
    NotificationDeclaration(.alertAnswered, topic: "alert") {
      $0.payload(as: AlertAnswered.self).map(AlertAnsweredNotice.init)
    },
  ]

  /// Shows a configured alert, counted against whoever set it off
  /// (``ActionCall/holdWhileShown(bytes:)``) until it is answered; nothing
  /// shows past that payer's bound. A button's follow-up action runs when it
  /// was chosen (a key, a click, or the timeout choosing the cancel button:
  /// then chosen by nobody); never when the alert was dismissed.
  func registerAction(with host: any PluginHost) {
    host.handleAction("alert") { [weak self] call in
      guard let self else { return }
      let alert: Alert
      let params: AlertShowParams
      do {
        params = try JSONValueDecoder.decode(AlertShowParams.self, from: JSONValue(call.value))
        alert = try Self.alert(from: params)
      } catch {
        return host.logger.warning("not showing an alert: \(error)")
      }
      guard let holding = call.holdWhileShown(bytes: params.heldBytes) else { return }
      present(alert, owner: SelectorOwner.configuration.rawValue) { answer in
        // Given back before the follow-up, which may show another.
        holding.release()
        guard answer.reason != .dismissed, let button = answer.button else { return }
        call.carryOutFollowUp(
          button, context: call.context.merging(["KEYMENU_BUTTON": answer.title ?? ""]) { $1 },
          chosenBy: answer.reason == .timeout ? .nobody : .person)
      }
    }
  }
}
