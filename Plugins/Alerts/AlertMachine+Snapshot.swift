import KeyMenuPluginAPI
public import KeyMenuProtocol

extension AlertMachine {
  /// The alert as presenters see it, under the given id: its message as
  /// the text, scrolled from ``firstLine``, and its buttons with the focus.
  public func snapshot(id: String) -> ModalPicture {
    var picture = ModalPicture.alert(
      id: id, title: alert.title, message: alert.message, buttons: alert.buttons, focus: focus,
      cancel: alert.cancel, defaultButton: alert.defaultButton, firstLine: firstLine)
    picture.wakesTV = alert.wakeTV
    return picture
  }
}
