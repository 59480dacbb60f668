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

  /// A submenu: the breadcrumb above its title.
  static let submenu = ModalSnapshot(stack: [

    ModalPicture.menu(
      id: "menu-4", path: ["Settings", "Network"],
      items: [
        item("Wi-Fi", position: .top, submenu: true), item("Bluetooth", position: .middle),
        item("Ethernet", position: .bottom), item("Forget all networks", section: 1, position: .single),
      ],
      highlight: 0, filter: "")
  ])

  /// 500 channels, the picture's window of them around the highlight on
  /// channel 250: the list scrolled half way.
  static let fiveHundred: ModalSnapshot = {
    let items = (1...500).map {
      item("Programme \($0)", position: $0 == 1 ? .top : ($0 == 500 ? .bottom : .middle))
    }
    return ModalSnapshot(stack: [
      ModalPicture.menu(id: "menu-5", path: ["Programmes"], items: items, highlight: 249, filter: "")
    ])
  }()

  /// A prompt for a Wi-Fi password on the on-screen keyboard, focus on `k`.
  static let keyboardPrompt = ModalSnapshot(stack: [
    ModalPicture(
      id: "prompt-2", kind: "prompt", title: "Wi-Fi password", text: "Type the key of Kitchen:",
      field: .init(shown: "••••••", masked: true, cursor: 6, maximumLength: 63),
      keyboard: .init(
        rows: [
          "abcdefghij".map { String($0) }, "klmnopqrst".map { String($0) }, "uvwxyz.-_@".map { String($0) },
          ["shift", "123", "space", "⌫", "done"],
        ], row: 1, column: 0),
      buttons: ["OK", "Cancel"], cancel: 1)
  ])

  /// A prompt for a name, typed on a keyboard: the cursor inside the text.
  static let prompt = ModalSnapshot(stack: [
    ModalPicture(
      id: "prompt-3", kind: "prompt", title: "Name this box", text: "It shows on the network.",
      field: .init(shown: "Living room", masked: false, cursor: 6), buttons: ["OK", "Cancel"], cancel: 1)
  ])

  /// Services to enable: check boxes, two marked, the highlight on the third.
  static let checklist = ModalSnapshot(stack: [
    ModalPicture(
      id: "checklist-1", kind: "checklist", title: "Services", text: "Start these at boot:",
      choices: .init(
        marks: .check,
        items: [
          .init(tag: "ssh", text: "Secure shell", marked: true), .init(tag: "cups", text: "Printing"),
          .init(tag: "avahi", text: "Zeroconf names", marked: true), .init(tag: "smb", text: "File sharing"),
        ], highlight: 2), buttons: ["OK", "Cancel"], cancel: 1)
  ])

  /// One of three resolutions, the focus on the OK button.
  static let radiolist = ModalSnapshot(stack: [
    ModalPicture(
      id: "radiolist-1", kind: "radiolist", title: "Resolution", text: "Pick the output's mode:",
      choices: .init(
        marks: .radio,
        items: [
          .init(text: "1280×720"), .init(text: "1920×1080", marked: true), .init(text: "3840×2160"),
        ], highlight: 1), buttons: ["OK", "Cancel"], focusedButton: 0, cancel: 1)
  ])

  /// A copy at 42 %.
  static let gauge = ModalSnapshot(stack: [
    ModalPicture(id: "gauge-1", kind: "gauge", title: "Copying", text: "Photos to the USB key", percent: 42)
  ])

  /// The licence being read, scrolled to line 41 of 120.
  static let textBox = ModalSnapshot(stack: [
    ModalPicture(
      id: "textbox-1", kind: "textbox", title: "Licence",
      page: .init(
        lines: (41...120).map { "\($0). Permission is granted to use, copy and change this software." },
        first: 40, total: 120), buttons: ["Exit"], focusedButton: 0)
  ])

  /// A leader sequence's hint after Menu.
  static let hint = ModalSnapshot(stack: [
    ModalPicture(id: "hint-1", kind: "hint", title: "Menu", text: "1: Play\n2: Power off\n3: +2 more")
  ])
}
