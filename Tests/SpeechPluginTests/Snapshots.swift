import KeyMenuPluginAPI
import KeyMenuProtocol
import SpeechPlugin

/// Builds snapshots for the golden scripts.
enum Snapshots {
  static func alert(
    _ title: String, message: String? = nil, buttons: [String], focus: Int, id: String = "alert-1"
  ) -> ModalPicture {

    ModalPicture.alert(
      id: id, title: title, message: message, buttons: buttons, focus: focus, cancel: 0,
      defaultButton: buttons.count - 1)
  }

  /// A menu level; an item title ending in `>` opens a submenu, one ending
  /// in `~` is disabled.
  static func menu(
    _ path: [String], _ titles: [String], highlight: Int?, filter: String = "", id: String = "menu-1"
  ) -> ModalPicture {
    let items = titles.enumerated().map { index, title in
      var title = title
      let submenu = title.hasSuffix(">")
      let disabled = title.hasSuffix("~")
      if submenu || disabled { title.removeLast() }
      return ModalPicture.Menu.Item(
        title: title, section: 0,
        position: SectionPosition(index: index, count: titles.count).rawValue, enabled: !disabled,
        opensSubmenu: submenu)
    }
    return ModalPicture.menu(id: id, path: path, items: items, highlight: highlight, filter: filter)
  }

  /// Runs a script over stacks; each line is an utterance's description or `-`.
  static func run(_ stacks: [[ModalPicture]]) -> [String] {
    var script = SpeechScript()
    return stacks.map { script.advance(to: ModalSnapshot(stack: $0))?.description ?? "-" }
  }
}
