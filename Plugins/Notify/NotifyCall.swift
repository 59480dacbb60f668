import KeyMenuPluginAPI
import KeyMenuProtocol

/// The calls the plugin makes on the bus: `org.freedesktop.Notifications`
/// (Desktop Notifications Specification 1.2) and the bus's own `AddMatch`.
enum NotifyCall {
  static let service = "org.freedesktop.Notifications"
  static let path = "/org/freedesktop/Notifications"
  static let interface = "org.freedesktop.Notifications"

  /// `Notify`: the alert's title as summary, its message as body, and one
  /// action per button whose key is the button's index ("0", "1", ...); the
  /// texts in their ``ModalPicture/shown`` form (control and bidi-override
  /// characters made visible), the body's newlines kept.
  static func notify(_ alert: ModalPicture, _ settings: NotifySettings) -> BusCall {
    let alert = alert.shown
    let actions = alert.buttons.enumerated().flatMap { [String($0.offset), $0.element] }
    return BusCall(
      destination: service, path: path, interface: interface, member: "Notify",
      arguments: [
        .string(settings.appName), .uint32(0), .string(settings.icon), .string(alert.title),
        .string(escapingMarkup(alert.text ?? "")), .strings(actions),
        .variants(["urgency": .byte(settings.urgency.level)]), .int32(settings.timeoutMilliseconds),
      ])
  }

  /// `CloseNotification`.
  static func close(_ notification: UInt32) -> BusCall {
    BusCall(
      destination: service, path: path, interface: interface, member: "CloseNotification",
      arguments: [.uint32(notification)])
  }

  /// Subscribes to the server's signals (`ActionInvoked`, `NotificationClosed`).
  static let addMatch = BusCall(
    destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
    member: "AddMatch",
    arguments: [.string("type='signal',sender='\(service)',path='\(path)',interface='\(interface)'")])

  /// The body as plain text: servers read `&`, `<` and `>` as markup.
  static func escapingMarkup(_ text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}
