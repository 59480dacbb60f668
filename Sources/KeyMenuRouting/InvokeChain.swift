/// The selectors whose actions are running, outermost first, as
/// ``SelectorRegistry/runningChain`` gives them: what an action that
/// invokes later, from a job it queues, hands to
/// ``SelectorRegistry/invoke(_:source:after:)`` so that a cycle through it
/// is refused (a configured item that invokes itself).
///
/// Registrations by number, not by name: recording one costs no reference
/// count on the routing path.
public struct InvokeChain: Sendable, Hashable {
  var numbers: [UInt64]

  /// No action running: an invoke from a key, a client, a timer.
  public static let empty = InvokeChain(numbers: [])

  /// How many actions are running in the chain.
  public var count: Int { numbers.count }
}
