public import KeyMenuCore
public import KeyMenuPluginAPI

/// Alerts waiting their turn: one is in front, the others wait until it is
/// answered, first come first served. A pure state machine.
///
/// The key a person answered with is remembered until its `up`, so the next
/// alert in line does not see the release of the key that answered the
/// previous one.
public struct AlertQueue: Sendable {
  /// What changed.
  public enum Effect: Hashable, Sendable {
    /// This alert is now in front.
    case presented(id: String)
    /// Focus moved in the front alert.
    case focus(id: String, button: Int)
    /// The front alert's message scrolled.
    case scrolled(id: String, firstLine: Int)
    /// This alert is answered and gone.
    case answered(id: String, AlertAnswer)
  }

  /// The alert in front.
  public private(set) var current: (id: String, machine: AlertMachine)?
  /// The alerts waiting, oldest first.
  public private(set) var waiting: [(id: String, alert: Alert)] = []
  /// Keys consumed by answered alerts whose `up` has not come yet.
  private var answeredKeys = ConsumedKeys()

  /// An empty queue.
  public init() {}

  /// Whether no alert is shown or waiting.
  public var isEmpty: Bool { current == nil && waiting.isEmpty }

  /// Shows an alert now, or after the ones already there.
  public mutating func show(_ alert: Alert, id: String) -> [Effect] {
    waiting.append((id, alert))
    return current == nil ? presentNext() : []
  }

  /// Handles a key event for the front alert.
  public mutating func handle(_ event: KeyEvent) -> (consumed: Bool, effects: [Effect]) {
    if answeredKeys.follow(event) == true { return (true, []) }
    guard var front = current else { return (false, []) }
    let (consumed, machineEffects) = front.machine.handle(event)
    current = front
    var effects: [Effect] = []
    for effect in machineEffects {
      switch effect {
      case .focus(let button): effects.append(.focus(id: front.id, button: button))
      case .scrolled(let line): effects.append(.scrolled(id: front.id, firstLine: line))
      case .answer(let answer): effects += finish(answer)
      }
    }
    return (consumed, effects)
  }

  /// Answers the front alert with reason `timeout`, if it is `id`.
  public mutating func timeOut(_ id: String) -> [Effect] {
    guard current?.id == id, let answer = current?.machine.timeOut() else { return [] }
    return finish(answer)
  }

  /// Answers the front alert with a button chosen through a presenter (reason
  /// `action`), if it is `id` and has that button.
  public mutating func choose(_ button: Int, in id: String) -> [Effect] {
    guard current?.id == id, let answer = current?.machine.choose(button) else { return [] }
    return finish(answer)
  }

  /// Scrolls the front alert's message by `rows` (negative up), if it is `id`.
  public mutating func scroll(by rows: Int, in id: String) -> [Effect] {
    guard current?.id == id, let line = current?.machine.scroll(by: rows) else { return [] }
    return [.scrolled(id: id, firstLine: line)]
  }

  /// Removes an alert, answering it with reason `dismissed`, whether it is in
  /// front or still waiting.
  public mutating func dismiss(_ id: String) -> [Effect] {
    if current?.id == id, let answer = current?.machine.dismiss() {
      return finish(answer)
    }
    guard let index = waiting.firstIndex(where: { $0.id == id }) else { return [] }
    waiting.remove(at: index)
    return [.answered(id: id, Self.dismissed)]
  }

  /// Dismisses everything (shutdown, panic chord), front first.
  public mutating func dismissAll() -> [Effect] {
    let queued = waiting
    waiting.removeAll()
    let front = current.map { dismiss($0.id) } ?? []
    return front + queued.map { .answered(id: $0.id, Self.dismissed) }
  }

  private static let dismissed = AlertAnswer(button: nil, title: nil, reason: .dismissed)

  private mutating func finish(_ answer: AlertAnswer) -> [Effect] {
    guard let front = current else { return [] }
    answeredKeys.adopt(front.machine.consumedKeys)
    current = nil
    return [.answered(id: front.id, answer)] + presentNext()
  }

  private mutating func presentNext() -> [Effect] {
    guard current == nil, !waiting.isEmpty else { return [] }
    let next = waiting.removeFirst()
    current = (next.id, AlertMachine(next.alert))
    return [.presented(id: next.id)]
  }
}
