extension ModalPicture {
  /// The picture of an alert (the alerts kind's): its message as the text,
  /// scrolled from `firstLine`, and its buttons with the focus on one.
  public static func alert(
    id: String, title: String, message: String?, buttons: [String], focus: Int, cancel: Int?,
    defaultButton: Int, firstLine: Int = 0
  ) -> ModalPicture {
    ModalPicture(
      id: id, kind: alertShape, title: title, text: message, firstLine: firstLine, buttons: buttons,
      focusedButton: focus, cancel: cancel, defaultButton: defaultButton)
  }

  /// The picture of a menu's level (the menus kind's), titled by the level;
  /// without a window, `offset` is 0 and `total` the items' count.
  public static func menu(
    id: String, path: [String], items: [Menu.Item], highlight: Int?, filter: String, offset: Int = 0,
    total: Int? = nil
  ) -> ModalPicture {
    let menu = Menu(
      path: path, items: items, highlight: highlight, filter: filter, offset: offset, total: total)
    return ModalPicture(id: id, kind: menuShape, title: menu.title, menu: menu)
  }
}
