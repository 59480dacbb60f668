import Synchronization

/// A small, fast, seeded random number generator (SplitMix64).
///
/// For what must be reproducible: simulations (`keymenuctl simulate` names
/// selectors from it) and randomized tests, which report their seed.
public struct SeededRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Starts the sequence for `seed`.
  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= Self.increment
    return Self.mix(state)
  }

  /// What each draw adds to the state.
  static let increment: UInt64 = 0x9E37_79B9_7F4A_7C15

  /// The output for a state.
  static func mix(_ state: UInt64) -> UInt64 {
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}

/// ``SeededRandom``'s sequence shared by reference, for a `@Sendable`
/// source of numbers (the selector registry's): SplitMix64's state only
/// ever grows by a constant, so one atomic add draws a number, no lock.
public final class SharedSeededRandom: Sendable {
  private let state: Atomic<UInt64>

  /// Starts the sequence for `seed`: the same numbers as `SeededRandom(seed:)`.
  public init(seed: UInt64) { state = Atomic(seed) }

  /// The next number of the sequence.
  public func next() -> UInt64 {
    SeededRandom.mix(state.wrappingAdd(SeededRandom.increment, ordering: .relaxed).newValue)
  }
}
