public import KeyMenuPluginAPI
public import KeyMenuProtocol

/// The modal stack read back from the protocol's JSON shape (docs/PROTOCOL.md,
/// "Shared shapes"): what `state.get`, `state.changed` and the subscription
/// snapshot carry. Entries that are not an alert or a menu are skipped, so a
/// newer daemon's additions do not stop an older presenter.
extension ModalSnapshot {
  /// Reads a modal stack (`{"stack":[…]}`) from the protocol's JSON shape.
  public init(protocolValue value: JSONValue) {
    self.init(stack: (value["stack"]?.arrayValue ?? []).compactMap(ModalEntry.init(protocolValue:)))
  }
}

extension ModalEntry {
  /// Reads one stack entry; nil for a kind this client does not know.
  public init?(protocolValue value: JSONValue) {
    let id = value["id"]?.stringValue ?? ""
    switch value["kind"]?.stringValue {
    case "alert":
      let buttons = (value["buttons"]?.arrayValue ?? []).compactMap(\.stringValue)
      self = .alert(
        AlertSnapshot(
          id: id, title: value["title"]?.stringValue ?? "", message: value["message"]?.stringValue,
          buttons: buttons, focus: value["focus"]?.intValue ?? 0, cancel: value["cancel"]?.intValue,
          defaultButton: value["default"]?.intValue ?? max(0, buttons.count - 1)))
    case "menu":
      let items = (value["items"]?.arrayValue ?? []).map { item in
        MenuSnapshot.Item(
          title: item["title"]?.stringValue ?? "", section: item["section"]?.intValue ?? 0,
          position: item["position"]?.stringValue ?? SectionPosition.single.rawValue,
          enabled: item["enabled"]?.boolValue ?? true, opensSubmenu: item["submenu"]?.boolValue ?? false)
      }
      let title = value["title"]?.stringValue ?? ""
      let path = (value["path"]?.arrayValue ?? []).compactMap(\.stringValue)
      self = .menu(
        MenuSnapshot(
          id: id, path: path.isEmpty ? [title] : path, items: items, highlight: value["highlight"]?.intValue,
          filter: value["filter"]?.stringValue ?? "", offset: value["offset"]?.intValue ?? 0,
          total: value["total"]?.intValue))
    default:
      return nil
    }
  }
}
