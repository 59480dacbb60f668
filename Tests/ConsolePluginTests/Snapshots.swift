import KeyMenuPluginAPI
import KeyMenuProtocol

/// Modal stacks for the tests.
enum Snapshots {
  static func item(_ title: String, _ position: SectionPosition, section: Int = 0) -> ModalPicture.Menu.Item {
    ModalPicture.Menu.Item(
      title: title, section: section, position: position.rawValue, enabled: true, opensSubmenu: false)
  }

  /// "Fruit": Apple, Banana | Cherry, with `highlight`.
  static func fruit(highlight: Int = 0) -> ModalSnapshot {
    ModalSnapshot(stack: [

      ModalPicture.menu(
        id: "menu-1", path: ["Fruit"],
        items: [item("Apple", .top), item("Banana", .bottom), item("Cherry", .single, section: 1)],
        highlight: highlight, filter: "")
    ])
  }

  static let nothing = ModalSnapshot()
}
