import KeyMenuProtocol

/// The daemon's side of the typed protocol: a `state.changed` line for an
/// open 50-item menu written from ``ModalState`` through ``JSONValueEncoder``,
/// against the same ``JSONValue`` built member by member as keymenud did
/// before. Prints microseconds per line, best of five runs.
struct WireEncodeBenchmark {
  var lines: Int

  func run() {
    let items = (0..<50).map {
      ModalPicture.Menu.Item(
        title: "Item \($0)", section: 0, position: "middle", enabled: true, opensSubmenu: false)
    }
    let state = ModalState(stack: [
      ModalPicture(
        id: "menu-1", kind: ModalPicture.menuShape, title: "Choose",
        menu: ModalPicture.Menu(path: ["Choose"], items: items, highlight: 3, filter: ""))
    ])
    let typed = best {
      let line = RPCOutgoing.notification(
        method: ModalState.changedMethod, params: JSONValue(encoding: state)
      )
      .line()
      guard line.count > 100 else { fail("state.changed: no line") }
    }
    let byHand = best {
      let menu: JSONValue = [
        "kind": "menu", "id": "menu-1", "title": "Choose", "path": ["Choose"],
        "items": .array(
          items.map { item in
            [
              "title": .string(item.title), "section": .int(item.section), "position": .string(item.position),
              "enabled": .bool(item.enabled), "submenu": .bool(item.opensSubmenu),
            ]
          }),
        "highlight": 3, "filter": "",
      ]
      let line = RPCOutgoing.notification(method: ModalState.changedMethod, params: ["stack": [menu]]).line()
      guard line.count > 100 else { fail("state.changed: no line") }
    }
    print(
      "wire state.changed 50 items: ModalState + JSONValueEncoder \(micros(typed)) µs/line;"
        + " JSONValue by hand (before) \(micros(byHand)) µs/line")
  }

  private func best(_ body: () -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<5 {
      let start = monotonicSeconds()
      for _ in 0..<lines { body() }
      best = min(best, (monotonicSeconds() - start) / Double(lines))
    }
    return best
  }

  private func micros(_ seconds: Double) -> String {
    let tenths = Int((seconds * 10_000_000).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}
