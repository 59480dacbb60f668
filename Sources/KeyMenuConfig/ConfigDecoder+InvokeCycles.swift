import KeyMenuPluginAPI

extension ConfigDecoder {
  /// Where one configured item leads with nobody choosing: the item's
  /// stable name, the selector it ends up invoking, and where that is
  /// written. Its `invoke`, or its alert's `timeout_ms` when the timeout
  /// chooses a cancel button whose action (through more such alerts)
  /// invokes: a person choosing a button is not part of a cycle.
  private struct InvokeEdge {
    var name: Selector
    var target: Selector
    var location: ConfigLocation
    /// The timeouts on the way, outermost first: the cancel buttons they choose.
    var timeouts: [String] = []

    /// How a cycle's path names this step.
    var step: String {
      guard !timeouts.isEmpty else { return name.rawValue }
      let chosen = timeouts.map { "'\($0)'" }.joined(separator: ", then ")
      return "\(name) (its alert's timeout chooses \(chosen))"
    }
  }

  /// An error for each cycle of configured items that invoke each other by
  /// stable name (`invoke = "net.wired"` in the item `net.wired` itself, or
  /// a invokes b invokes a), also through the cancel button an alert's
  /// timeout chooses (an item whose alert times out into a button that
  /// invokes the item again): choosing any of them, or once the first
  /// timeout passes, they would run in turn for ever. Reported once per
  /// cycle, at its member written first, naming the others and where they are.
  mutating func checkInvokeCycles(_ menus: [ConfiguredMenu]) {
    // A name two menus make stands for the first (as the registry keeps it).
    var edges: [Selector: InvokeEdge] = [:]
    for menu in menus {
      let names = menu.stableNames
      for item in menu.actionItems {
        guard let name = names[item.location], edges[name] == nil, case .action(let action) = item.content,
          var edge = unattendedEdge(of: action, in: item.location)
        else { continue }
        edge.name = name
        edges[name] = edge
      }
    }
    // Each item leads to at most one other: follow each path until it
    // ends, meets a path followed before, or meets itself (a cycle).
    var followed: Set<Selector> = []
    for start in edges.values.sorted(by: { $0.location < $1.location }) {
      var path: [InvokeEdge] = []
      var next: InvokeEdge? = start
      while let edge = next, !followed.contains(edge.name) {
        if let index = path.firstIndex(where: { $0.name == edge.name }) {
          reportCycle(Array(path[index...]))
          break
        }
        path.append(edge)
        next = edges[edge.target]
      }
      followed.formUnion(path.map(\.name))
    }
  }

  /// Where `action`, written in the table at `table`, invokes with nobody
  /// choosing (its name left empty); nil when a person must choose first.
  private func unattendedEdge(of action: ConfiguredAction, in table: ConfigLocation) -> InvokeEdge? {
    switch action {
    case .invoke(let target):
      guard let location = invokeLocations[table] else { return nil }
      return InvokeEdge(name: Selector(""), target: Selector(target), location: location)
    case .showAlert(let alert, let actions):
      guard let choice = timeoutChoices[table], let cancel = alert.cancel, let followUp = actions[cancel],
        var edge = unattendedEdge(of: followUp, in: choice.buttonTable)
      else { return nil }
      edge.location = choice.timeout
      edge.timeouts.insert(choice.button, at: 0)
      return edge
    default:
      return nil
    }
  }

  /// The error for one cycle, given in invoke order.
  private mutating func reportCycle(_ members: [InvokeEdge]) {
    guard let first = members.indices.min(by: { members[$0].location < members[$1].location }) else { return }
    let cycle = Array(members[first...] + members[..<first])
    let timed = cycle.contains { !$0.timeouts.isEmpty }
    if cycle.count == 1, !timed {
      return diagnostics.error(
        "invoke = \"\(cycle[0].name)\" names this item itself: choosing it would invoke it again and again; "
          + "invoke another selector", at: cycle[0].location)
    }
    let path = (cycle.map(\.step) + [cycle[0].name.rawValue]).joined(separator: " -> ")
    let others = cycle.dropFirst().map { "\($0.name) at \($0.location)" }.joined(separator: ", ")
    guard timed else {
      return diagnostics.error(
        "invoke cycle \(path) (\(others)): choosing any of these items would invoke them in turn for ever; "
          + "break the cycle", at: cycle[0].location)
    }
    diagnostics.error(
      "invoke cycle through a timeout \(path)\(others.isEmpty ? "" : " (\(others))"): once chosen, "
        + "it would show its alert again and again by itself, each time the timeout passes; "
        + "break the cycle (drop timeout_ms, or the cancel button's action)", at: cycle[0].location)
  }
}
