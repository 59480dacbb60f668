import KeyMenuPluginAPI
import KeyMenuProtocol

/// The snapshots the picture tests draw.
enum OverlaySamples {
  static let alert = ModalSnapshot(stack: [

    ModalPicture.alert(
      id: "alert-1", title: "Reboot now?", message: "Updates are installed.", buttons: ["No", "Yes"],
      focus: 1, cancel: 0, defaultButton: 1)
  ])

  static let alertFocusLeft = ModalSnapshot(stack: [

    ModalPicture.alert(
      id: "alert-1", title: "Reboot now?", message: "Updates are installed.", buttons: ["No", "Yes"],
      focus: 0, cancel: 0, defaultButton: 1)
  ])

  /// 8,000 lines of message (one letter a line), two buttons.
  static let tallAlert = ModalSnapshot(stack: [

    ModalPicture.alert(
      id: "alert-4", title: "Release notes",
      message: (0..<8000).map { String(UnicodeScalar(UInt8(97 + $0 % 26))) }.joined(separator: "\n"),
      buttons: ["No", "Yes"], focus: 1, cancel: 0, defaultButton: 1)
  ])

  static func item(
    _ title: String, section: Int = 0, position: SectionPosition = .middle, enabled: Bool = true,
    submenu: Bool = false
  ) -> ModalPicture.Menu.Item {
    ModalPicture.Menu.Item(
      title: title, section: section, position: position.rawValue, enabled: enabled, opensSubmenu: submenu)
  }

  /// Two sections, a disabled item, a submenu, the highlight on the third item.
  static let sections = ModalSnapshot(stack: [

    ModalPicture.menu(
      id: "menu-1", path: ["Power"],
      items: [
        item("Suspend", position: .top), item("Hibernate", enabled: false, submenu: false),
        item("Lock screen", position: .bottom), item("Reboot", section: 1, position: .top),
        item("More", section: 1, position: .bottom, submenu: true),
      ], highlight: 2, filter: "")
  ])

  /// Forty tracks, filtered, the highlight in the middle: "more" rows at
  /// both ends; an alert behind it.
  static let longList = ModalSnapshot(stack: [

    ModalPicture.alert(
      id: "alert-0", title: "Behind", message: nil, buttons: ["OK"], focus: 0, cancel: nil, defaultButton: 0
    ),

    ModalPicture.menu(
      id: "menu-2", path: ["Music", "Tracks"],
      items: (1...40).map {
        item("Track \($0) – a song", position: $0 == 1 ? .top : ($0 == 40 ? .bottom : .middle))
      },
      highlight: 19, filter: "a"),
  ])

  /// A right-to-left title (Hebrew) and message (Arabic).
  static let rightToLeft = ModalSnapshot(stack: [

    ModalPicture.alert(
      id: "alert-2", title: "לאתחל עכשיו?", message: "هل تريد إعادة التشغيل الآن؟", buttons: ["لا", "نعم"],
      focus: 1, cancel: 0, defaultButton: 1)
  ])

  /// A menu in Chinese and Japanese (fonts-wqy-microhei): two columns a character.
  static let cjk = ModalSnapshot(stack: [

    ModalPicture.menu(
      id: "menu-3", path: ["电源"],
      items: [
        item("重新启动", position: .top), item("关机", position: .bottom),
        item("設定", section: 1, position: .single),
      ],
      highlight: 1, filter: "")
  ])
}
