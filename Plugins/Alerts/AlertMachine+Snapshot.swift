public import KeyMenuPluginAPI

extension AlertMachine {
  /// The alert as presenters see it, under the given id.
  public func snapshot(id: String) -> AlertSnapshot {
    AlertSnapshot(
      id: id, title: alert.title, message: alert.message, buttons: alert.buttons, focus: focus,
      cancel: alert.cancel, defaultButton: alert.defaultButton, firstLine: firstLine)
  }
}
