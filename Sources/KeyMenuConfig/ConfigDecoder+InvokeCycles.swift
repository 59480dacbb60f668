import KeyMenuPluginAPI

extension ConfigDecoder {
  /// One configured item's `invoke`: the item's stable name, what it
  /// invokes, and where it says so.
  private struct InvokeEdge {
    var name: Selector
    var target: Selector
    var location: ConfigLocation
  }

  /// An error for each cycle of configured items that invoke each other by
  /// stable name (`invoke = "net.wired"` in the item `net.wired` itself, or
  /// a invokes b invokes a): choosing any of them would invoke them in turn
  /// for ever. Reported once per cycle, at the `invoke` of its member
  /// written first, naming the others and where they are.
  mutating func checkInvokeCycles(_ menus: [ConfiguredMenu]) {
    // A name two menus make stands for the first (as the registry keeps it).
    var edges: [Selector: InvokeEdge] = [:]
    for menu in menus {
      let names = menu.stableNames
      for item in menu.actionItems {
        guard let name = names[item.location], edges[name] == nil,
          case .action(.invoke(let target)) = item.content, let location = invokeLocations[item.location]
        else { continue }
        edges[name] = InvokeEdge(name: name, target: Selector(target), location: location)
      }
    }
    // Each item invokes at most one other: follow each path until it ends,
    // meets a path followed before, or meets itself (a cycle).
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

  /// The error for one cycle, given in invoke order.
  private mutating func reportCycle(_ members: [InvokeEdge]) {
    guard let first = members.indices.min(by: { members[$0].location < members[$1].location }) else { return }
    let cycle = Array(members[first...] + members[..<first])
    if cycle.count == 1 {
      return diagnostics.error(
        "invoke = \"\(cycle[0].name)\" names this item itself: choosing it would invoke it again and again; "
          + "invoke another selector", at: cycle[0].location)
    }
    let path = (cycle + [cycle[0]]).map(\.name.rawValue).joined(separator: " -> ")
    let others = cycle.dropFirst().map { "\($0.name) at \($0.location)" }.joined(separator: ", ")
    diagnostics.error(
      "invoke cycle \(path) (\(others)): choosing any of these items would invoke them in turn for ever; "
        + "break the cycle", at: cycle[0].location)
  }
}
