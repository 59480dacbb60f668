/// The questions waiting in the ask directory, in the order they came, and
/// the one in front: what `keymenu-ask-password` shows, one prompt at a
/// time. A pure state machine: the caller reads the directory, the clock
/// and keymenud, and carries out the effects; no passphrase passes through
/// it (``finish(_:)`` says where the answer goes, the caller sends it).
public struct AskQueue: Sendable {
  /// What the caller does next.
  public enum Effect: Equatable, Sendable {
    /// Put this question in front (a prompt through keymenud).
    case show(name: String, ask: AskFile)
    /// Take this question's prompt away: it was answered elsewhere, its
    /// file went, or its time passed.
    case withdraw(name: String)
  }

  /// The questions not yet answered, oldest first; the first is in front.
  public private(set) var questions: [(name: String, ask: AskFile)] = []

  /// Creates an empty queue.
  public init() {}

  /// The question in front, whose prompt is up.
  public var front: String? { questions.first?.name }

  /// The earliest `NotAfter=` of the questions waiting (`CLOCK_MONOTONIC`,
  /// microseconds): when ``expire(now:)`` has something to do next.
  public var nextDeadline: UInt64? { questions.compactMap(\.ask.notAfter).min() }

  /// A question read from the directory at `now`. One already known (read
  /// again after another event on the directory) or already void changes
  /// nothing.
  public mutating func add(name: String, ask: AskFile, now: UInt64) -> [Effect] {
    guard !questions.contains(where: { $0.name == name }), !ask.hasExpired(at: now) else { return [] }
    questions.append((name, ask))
    return questions.count == 1 ? [.show(name: name, ask: ask)] : []
  }

  /// The question's file is gone: answered by another agent, or its asker
  /// gave up.
  public mutating func remove(name: String) -> [Effect] {
    guard let index = questions.firstIndex(where: { $0.name == name }) else { return [] }
    questions.remove(at: index)
    return index == 0 ? [.withdraw(name: name)] + showFront() : []
  }

  /// Drops the questions whose `NotAfter=` passed by `now`.
  public mutating func expire(now: UInt64) -> [Effect] {
    let wasFront = front
    questions.removeAll { $0.ask.hasExpired(at: now) }
    guard let wasFront, front != wasFront else { return [] }
    return [.withdraw(name: wasFront)] + showFront()
  }

  /// The prompt of `name` was answered or cancelled: the socket the answer
  /// goes to when the question is still there (nil when it went meanwhile:
  /// nothing is sent), and the next question's prompt.
  public mutating func finish(_ name: String) -> (socket: String?, effects: [Effect]) {
    guard let index = questions.firstIndex(where: { $0.name == name }) else { return (nil, []) }
    let socket = questions.remove(at: index).ask.socket
    return (socket, index == 0 ? showFront() : [])
  }

  private func showFront() -> [Effect] {
    questions.first.map { [.show(name: $0.name, ask: $0.ask)] } ?? []
  }
}
