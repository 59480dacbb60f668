extension Dictionary {
  /// Gives back the room a burst left: once fewer than an eighth of the
  /// buckets are used (and there are more than a few hundred), the entries
  /// move to storage sized for them. A dictionary never shrinks by itself,
  /// so one that held 200,000 selectors for a moment keeps their buckets
  /// resident after they went; calling this after removals keeps what it
  /// holds proportional to what is in it, at an amortised constant cost
  /// (each rebuild follows at least seven eighths as many removals).
  public mutating func shrinkIfSparse() {
    guard capacity > 256, count < capacity / 8 else { return }
    var smaller = Dictionary(minimumCapacity: count)
    for (key, value) in self { smaller[key] = value }
    self = smaller
  }
}
