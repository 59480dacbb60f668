/// Leader sequences (`keys = ["Menu", "1"]`), as a pure state machine: the
/// first key of a sequence starts it, each next key of a sequence goes a
/// step further, and the last one fires its binding.
///
/// It has no clock: it asks for a timer (``Output/startTimer(_:)``) and is
/// told when it fired (``timerFired()``). What it decides:
/// - Once ``Timing/hint`` passes after a key of an unfinished sequence,
///   the hint comes: every key that may come next and what it leads to
///   (``Output/showHint(_:)``). Once shown, it stays, changed at each step,
///   until the sequence ends.
/// - ``Timing/timeout`` after the last key, the sequence ends
///   (``Ending/timeout``); a key that continues no sequence ends it too
///   (``Ending/wrongKey``). Either way the hint goes and nothing fires.
///
/// The caller matches its events to keys: it passes the key of
/// ``nextKeys`` that an event is (nil for none). `Key` is the caller's
/// (keymenu's hotkeys use chords).
public struct KeySequenceMachine<Key: Hashable & Sendable>: Sendable {
  /// When the hint comes and when an unfinished sequence ends, both after
  /// its last key.
  public struct Timing: Hashable, Sendable {
    /// How long after a key the hint comes.
    public var hint: Duration
    /// How long after a key an unfinished sequence ends.
    public var timeout: Duration

    /// 500 ms and 3 s by default.
    public init(hint: Duration = .milliseconds(500), timeout: Duration = .seconds(3)) {
      self.hint = hint
      self.timeout = timeout
    }
  }

  /// One line of the hint: a key that may come next and what it leads to.
  public struct HintEntry: Hashable, Sendable {
    /// The key.
    public var key: Key
    /// The sequence it finishes (its index in ``sequences``), if it does.
    public var finishes: Int?
    /// How many sequences go on after it, if it does not finish one.
    public var continuing: Int

    /// An entry.
    public init(key: Key, finishes: Int?, continuing: Int) {
      self.key = key
      self.finishes = finishes
      self.continuing = continuing
    }
  }

  /// Why an unfinished sequence ended.
  public enum Ending: String, Hashable, Sendable {
    /// A key that continues no sequence was pressed.
    case wrongKey = "wrong key"
    /// No key came within the timeout.
    case timeout
    /// The caller ended it (``cancel()``).
    case cancelled
  }

  /// What to do.
  public enum Output: Hashable, Sendable {
    /// The sequence of this index (in ``sequences``) is complete.
    case fire(Int)
    /// Show (or change) the hint: the keys that may come next.
    case showHint([HintEntry])
    /// Take the hint away.
    case hideHint
    /// Start the one timer (replacing any), and call ``timerFired()`` when it fires.
    case startTimer(Duration)
    /// Cancel the timer.
    case cancelTimer
    /// The unfinished sequence ended without firing.
    case ended(Ending)
  }

  /// The sequences, each two keys or more.
  public let sequences: [[Key]]
  /// The thresholds.
  public let timing: Timing
  /// The keys of the sequence under way so far; empty when none is.
  public private(set) var prefix: [Key] = []
  /// Whether the hint is shown.
  public private(set) var isHintShown = false

  /// A machine for `sequences`; a sequence that is the beginning of a
  /// longer one fires as soon as it is complete (the configuration refuses
  /// such pairs).
  public init(sequences: [[Key]], timing: Timing = Timing()) {
    self.sequences = sequences
    self.timing = timing
    var seen = Set<Key>()
    firstKeys = sequences.compactMap(\.first).filter { seen.insert($0).inserted }
  }

  /// The sequences' first keys, each once: what every key is checked
  /// against while none is under way, made once.
  private let firstKeys: [Key]

  /// Whether a sequence is under way (its keys belong to this machine).
  public var isPending: Bool { !prefix.isEmpty }

  /// The keys that may come next: the sequences' first keys when none is
  /// under way, in the order the sequences were given, each once.
  public var nextKeys: [Key] { prefix.isEmpty ? firstKeys : hint.map(\.key) }

  /// A key was pressed: `key` is the one of ``nextKeys`` it is, nil for
  /// none. With no sequence under way, a key that begins none does nothing
  /// (the caller lets it go on).
  public mutating func press(_ key: Key?) -> [Output] {
    guard let key, sequences.contains(where: { $0.starts(with: prefix + [key]) }) else {
      return isPending ? end(.wrongKey) : []
    }
    let wasPending = isPending
    prefix.append(key)
    if let done = sequences.firstIndex(of: prefix) {
      let ending = finish()
      return (wasPending ? ending : []) + [.fire(done)]
    }
    if isHintShown { return [.showHint(hint), .startTimer(timing.timeout)] }
    return [.startTimer(timing.hint < timing.timeout ? timing.hint : timing.timeout)]
  }

  /// The timer asked for fired: the hint comes, or the sequence ends.
  public mutating func timerFired() -> [Output] {
    guard isPending else { return [] }
    if !isHintShown && timing.hint < timing.timeout {
      isHintShown = true
      return [.showHint(hint), .startTimer(timing.timeout - timing.hint)]
    }
    return end(.timeout)
  }

  /// Ends a sequence under way, if there is one, without firing.
  public mutating func cancel() -> [Output] {
    isPending ? end(.cancelled) : []
  }

  /// The keys that may follow ``prefix``, each once, with what they lead to.
  private var hint: [HintEntry] {
    var entries: [HintEntry] = []
    var places: [Key: Int] = [:]
    for (index, sequence) in sequences.enumerated()
    where sequence.count > prefix.count && sequence.starts(with: prefix) {
      let key = sequence[prefix.count]
      let finishes = sequence.count == prefix.count + 1
      if let place = places[key] {
        if finishes {
          entries[place].finishes = entries[place].finishes ?? index
        } else {
          entries[place].continuing += 1
        }
      } else {
        places[key] = entries.count
        entries.append(HintEntry(key: key, finishes: finishes ? index : nil, continuing: finishes ? 0 : 1))
      }
    }
    return entries
  }

  private mutating func end(_ ending: Ending) -> [Output] {
    finish() + [.ended(ending)]
  }

  /// Back to no sequence under way: the timer and the hint go.
  private mutating func finish() -> [Output] {
    let shown = isHintShown
    prefix = []
    isHintShown = false
    return [.cancelTimer] + (shown ? [.hideHint] : [])
  }
}
