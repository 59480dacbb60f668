import KeyMenuCore
public import KeyMenuEngineActor
public import KeyMenuPluginAPI

/// Maps selectors to their actions, with metadata and owners.
///
/// Registration generates the name, unique by construction
/// (``SelectorNumbering``), so the registry holds only live selectors;
/// invoking an unknown or removed selector is a ``SelectorError``, and an
/// action that throws is caught and reported as one, so a broken action
/// never stops routing. Actions run on the engine thread (``EngineActor``),
/// like the registry: they may register, remove and invoke selectors.
@EngineActor
public final class SelectorRegistry {
  /// An action: the closure a selector is attached to.
  public typealias Action = SelectorAction
  /// A wrapper around an action; it decides whether and when to call `original`.
  public typealias Wrapper = SelectorWrapper

  struct Registration {
    var info: SelectorInfo
    var action: Action
    /// The registration's number (`State.nextNumber` when it was made).
    var number: UInt64
    var wrappers: [(token: WrapperToken, owner: SelectorOwner, body: Wrapper)] = []
  }

  struct State {
    var registrations: [Selector: Registration] = [:]
    /// Stable names and the selectors they stand for.
    var stableNames: [Selector: Selector] = [:]
    /// Each owner's selectors, and the selectors each owner wrapped, so that
    /// removing an owner's things costs what it owns, not every selector
    /// (a client disconnecting next to a 60,000-item menu).
    var byOwner: [SelectorOwner: Set<Selector>] = [:]
    var wrappedBy: [SelectorOwner: Set<Selector>] = [:]
    /// The number of the next registration: every name made from a lower
    /// one was handed out (a removed one is told from one that never existed).
    var nextNumber: UInt64 = 0
    var nextWrapperID: UInt64 = 1
    /// The registrations whose actions run now, by number, in the order
    /// they started (and, past ``SelectorRegistry/running``'s count, some
    /// that returned): an invoke of one of them is refused
    /// (``SelectorError/Code/invokeCycle``).
    var running: [UInt64] = []
  }

  var state = State()
  /// How many invokes are in progress: the first entries of `state.running`.
  private var running = 0
  private let numbering: SelectorNumbering
  /// Told of every invoke refused as a cycle (``SelectorError/Code/invokeCycle``).
  private let onRefusal: @Sendable (SelectorError) -> Void

  /// Creates a registry.
  ///
  /// - Parameter random: the source of the keys that make the names' last
  ///   part look random; inject a seeded one for reproducible tests and
  ///   simulations.
  ///   `onRefusal`: told of each invoke refused as a cycle, once, where it
  ///   was refused (the daemon logs it).
  nonisolated public init(
    random: @escaping @Sendable () -> UInt32 = { UInt32.random(in: .min ... .max) },
    onRefusal: @escaping @Sendable (SelectorError) -> Void = { _ in }
  ) {
    numbering = SelectorNumbering(random: random)
    self.onRefusal = onRefusal
  }

  /// Registers an action under a new selector `kind.slug-of-title.xxxxxxxx`,
  /// and under `stableName` too when it is given and free (a name that
  /// stays across reloads, such as `box.show-ip`; a taken one is not moved).
  @discardableResult
  public func register(
    kind: String, title: String, owner: SelectorOwner, stableName: Selector? = nil, action: @escaping Action
  ) -> Selector {
    let prefix = Selector.slug(kind) + "." + Selector.slug(title) + "."
    let selector = Selector(prefix + numbering.ending(of: state.nextNumber, prefix: prefix))
    state.nextNumber += 1
    var info = SelectorInfo(selector: selector, title: title, kind: kind, owner: owner)
    if let stableName, state.stableNames[stableName] == nil, state.registrations[stableName] == nil {
      state.stableNames[stableName] = selector
      info.stableName = stableName
    }
    state.registrations[selector] = Registration(info: info, action: action, number: state.nextNumber - 1)
    state.byOwner[owner, default: []].insert(selector)
    return selector
  }

  /// Removes a selector (and its stable name); returns whether it was registered.
  @discardableResult
  public func remove(_ selector: Selector) -> Bool {
    guard let removed = state.registrations.removeValue(forKey: selector) else { return false }
    if let stable = removed.info.stableName { state.stableNames[stable] = nil }
    state.byOwner[removed.info.owner]?.remove(selector)
    if state.byOwner[removed.info.owner]?.isEmpty == true { state.byOwner[removed.info.owner] = nil }
    state.registrations.shrinkIfSparse()
    return true
  }

  /// Removes every selector and every wrapper the owner registered, restoring
  /// the actions it wrapped; returns the selectors removed.
  @discardableResult
  public func removeAll(ownedBy owner: SelectorOwner) -> [Selector] {
    let owned = state.byOwner.removeValue(forKey: owner) ?? []
    for selector in owned {
      if let stable = state.registrations.removeValue(forKey: selector)?.info.stableName {
        state.stableNames[stable] = nil
      }
    }
    for selector in state.wrappedBy.removeValue(forKey: owner) ?? [] {
      state.registrations[selector]?.wrappers.removeAll { $0.owner == owner }
    }
    state.registrations.shrinkIfSparse()
    state.stableNames.shrinkIfSparse()
    return owned.sorted()
  }

  /// The metadata of a registered selector (or of the one a stable name stands for).
  public func info(_ selector: Selector) -> SelectorInfo? {
    registration(selector)?.info
  }

  /// Who wrapped each selector that has wrappers, oldest first.
  public var wrapperOwners: [Selector: [SelectorOwner]] {
    state.registrations.compactMapValues { $0.wrappers.isEmpty ? nil : $0.wrappers.map(\.owner) }
  }

  /// Every registered selector, sorted by name.
  public var all: [SelectorInfo] {
    state.registrations.values.map(\.info).sorted { $0.selector < $1.selector }
  }

  /// The deepest chain of invokes run: an action that invokes another
  /// selector is one level, and a chain this deep is refused as a cycle that
  /// makes new selectors on the way would be.
  public static let maximumChainDepth = 32

  /// Runs a selector's action, through its wrappers (the newest outermost).
  ///
  /// An invoke that would run an action already running is refused with
  /// ``SelectorError/Code/invokeCycle``: one running now (an action that
  /// invokes its own selector, or a invokes b invokes a; the registry is
  /// driven from one thread, the engine's, so invokes nest), or one in
  /// `chain`, which an action that invokes from a job it queued hands on
  /// (``runningChain``); so is a chain deeper than ``maximumChainDepth``.
  /// The refusal goes to the `onRefusal` handler once and is thrown as it
  /// is (not wrapped as another selector's failure) through the actions
  /// above it.
  ///
  /// - Throws: ``SelectorError`` for an unknown or removed selector, a
  ///   cycle, or when the action or a wrapper threw (the error is caught
  ///   and described).
  public func invoke(_ selector: Selector, source: String, after chain: InvokeChain = .empty)
    throws(SelectorError)
  {
    let registration: Registration
    do {
      registration = try enter(selector, after: chain)
    } catch {
      if error.code == .invokeCycle { onRefusal(error) }
      throw error
    }
    // Nothing else on the way out: the next invoke drops what returned.
    defer { running -= chain.count + 1 }
    let invocation = SelectorInvocation(info: registration.info, source: source)
    do {
      if registration.wrappers.isEmpty {
        try registration.action(invocation)
      } else {
        try Self.run(registration.action, wrappers: registration.wrappers.map(\.body), invocation)
      }
    } catch let refusal as SelectorError where refusal.code == .invokeCycle {
      throw refusal
    } catch {
      throw .failed(selector, error)
    }
  }

  /// The registration `selector` runs, listed as running (with `chain`);
  /// refused as a cycle when it already runs or the chain is too deep.
  private func enter(_ selector: Selector, after chain: InvokeChain) throws(SelectorError) -> Registration {
    guard let registration = registration(selector) else {
      throw wasIssued(selector) ? .removed(selector) : .unknown(selector)
    }
    let number = registration.number
    if chain.count == 0 && running == 0 {
      // Nothing runs (an invoke from a key or a client): what is listed returned.
      state.running.removeAll(keepingCapacity: true)
    } else {
      dropReturned()
      if state.running.contains(number) || chain.numbers.contains(number)
        || state.running.count + chain.count >= Self.maximumChainDepth
      {
        let outer = state.running + chain.numbers
        throw .cycle(selector, chain: outer.map { shownName($0) }, tooDeep: !outer.contains(number))
      }
      // The chain handed on counts as running for as long as this invoke does.
      state.running.append(contentsOf: chain.numbers)
    }
    state.running.append(number)
    running += chain.count + 1
    return registration
  }

  /// The actions running now, outermost first (with any chain an invoke
  /// continued): what an action that invokes later, from a job it queues,
  /// hands to ``invoke(_:source:after:)``.
  public var runningChain: InvokeChain {
    dropReturned()
    return InvokeChain(numbers: state.running)
  }

  /// Drops the entries of invokes that returned: invokes end in the reverse
  /// order they began (actions are called, not queued), so those are the
  /// entries past the count in progress.
  private func dropReturned() {
    if state.running.count > running { state.running.removeLast(state.running.count - running) }
  }

  /// Runs what `token` wraps: the action with only the wrappers added before
  /// it (a replacing wrapper's way to the original, later and on its own).
  public func invoke(_ selector: Selector, source: String, beneath token: WrapperToken) throws(SelectorError)
  {
    guard let registration = registration(selector) else {
      throw wasIssued(selector) ? .removed(selector) : .unknown(selector)
    }
    guard let index = registration.wrappers.firstIndex(where: { $0.token == token }) else {
      throw .unknown(selector)
    }
    let invocation = SelectorInvocation(info: registration.info, source: source)
    do {
      try Self.run(registration.action, wrappers: registration.wrappers.prefix(index).map(\.body), invocation)
    } catch {
      throw .failed(selector, error)
    }
  }

  /// Whether `selector` was handed out (it is removed if it is not registered).
  func wasIssued(_ selector: Selector) -> Bool {
    numbering.wasIssued(selector, before: state.nextNumber)
  }

  private static func run(_ action: Action, wrappers: [Wrapper], _ invocation: SelectorInvocation) throws {
    guard let outermost = wrappers.last else { return try action(invocation) }
    try outermost(invocation) { try run(action, wrappers: Array(wrappers.dropLast()), invocation) }
  }
}

// The state is read field by field, never whole: a copy of it would retain
// every table in it, on every invoke.
extension SelectorRegistry {
  /// How a refusal names a running registration: its stable name, else its
  /// selector (a linear search: refusals are rare).
  func shownName(_ number: UInt64) -> Selector {
    guard let info = state.registrations.values.first(where: { $0.number == number })?.info else {
      return Selector("(removed)")
    }
    return info.stableName ?? info.selector
  }

  /// The registration of `name`: a selector, or a stable name's selector.
  func registration(_ name: Selector) -> Registration? {
    state.registrations[name] ?? state.stableNames[name].flatMap { state.registrations[$0] }
  }
}
