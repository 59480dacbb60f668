import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuProtocol

/// The protocol's JSON shapes for the engine's values (docs/PROTOCOL.md).
extension JSONValue {
  /// The modal stack, oldest first; the front is last.
  init(_ snapshot: ModalSnapshot) {
    self = .object(["stack": .array(snapshot.stack.map(JSONValue.init))])
  }

  init(_ entry: ModalEntry) {
    switch entry {
    case .alert(let alert): self = JSONValue(alert)
    case .menu(let menu): self = JSONValue(menu)
    }
  }

  init(_ alert: AlertSnapshot) {
    self = [
      "kind": "alert", "id": .string(alert.id), "title": .string(alert.title),
      "message": .optional(alert.message),
      "buttons": .array(alert.buttons.map { .string($0) }), "focus": .int(alert.focus),
      "cancel": alert.cancel.map { .int($0) } ?? .null, "default": .int(alert.defaultButton),
    ]
  }

  init(_ menu: MenuSnapshot) {
    self = [
      "kind": "menu", "id": .string(menu.id), "title": .string(menu.title),
      "path": .array(menu.path.map { .string($0) }),
      "items": .array(
        menu.items.map { item in
          [
            "title": .string(item.title), "section": .int(item.section), "position": .string(item.position),
            "enabled": .bool(item.enabled), "submenu": .bool(item.opensSubmenu),
          ]
        }),
      "highlight": menu.highlight.map { .int($0) } ?? .null, "filter": .string(menu.filter),
    ]
    // Only a long list is windowed (MenuSnapshot.windowSize); short ones keep their shape.
    if menu.offset > 0 || menu.total > menu.items.count {
      self = merging(["offset": .int(menu.offset), "total": .int(menu.total)])
    }
  }

  /// `{"kind":"inserted","section":0,"index":1}`; `moved` has `from` and `to`.
  init(_ change: MenuChange) {
    switch change {
    case .inserted(let section, let index):
      self = ["kind": "inserted", "section": .int(section), "index": .int(index)]
    case .removed(let section, let index):
      self = ["kind": "removed", "section": .int(section), "index": .int(index)]
    case .moved(let section, let from, let to):
      self = ["kind": "moved", "section": .int(section), "from": .int(from), "to": .int(to)]
    case .updated(let section, let index):
      self = ["kind": "updated", "section": .int(section), "index": .int(index)]
    }
  }

  init(_ device: DeviceInfo) {
    self = [
      "id": .int(device.id.rawValue), "path": .string(device.identity.path),
      "name": .string(device.identity.name),
      "phys": .string(device.identity.phys), "vendor_product": .string(device.identity.vendorProduct),
      "kind": .string(device.classification.kind.rawValue),
      "keyboard": .bool(device.classification.isKeyboardLike),
    ]
  }

  init(_ info: SelectorInfo) {
    self = [
      "selector": .string(info.selector.rawValue), "title": .string(info.title), "kind": .string(info.kind),
      "owner": .string(info.owner.rawValue),
    ]
    if let stable = info.stableName { self = merging(["stable": .string(stable.rawValue)]) }
  }

  init(_ invocation: SelectorInvocation) {
    self = JSONValue(invocation.info).merging(["source": .string(invocation.source)])
  }

  init(_ answer: AlertAnswer) {
    self = [
      "button": answer.button.map { .int($0) } ?? .null, "title": .optional(answer.title),
      "reason": .string(answer.reason.rawValue),
    ]
  }

  init(_ event: KeyEvent) {
    self = [
      "device": .int(event.device.rawValue), "code": .int(event.code.rawValue), "name": .string(event.name),
      "action": .string(event.action.rawValue), "synthetic": .bool(event.isSynthetic),
    ]
  }
}
