/// "Did you mean" hints for misspelled keys and values.
enum Suggestion {
  /// The candidate closest to `word` by edit distance, if it is close enough
  /// to be a typo (at most 2 edits, and fewer than half the word's length);
  /// else the only candidate that starts with a word of 3 or more letters.
  static func closest(to word: String, in candidates: some Collection<String>) -> String? {
    let word = word.lowercased()
    let prefixed = candidates.filter { word.count >= 3 && $0.lowercased().hasPrefix(word) }
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(Array(word), Array(candidate.lowercased()))
      if distance <= 2, distance * 2 < max(word.count, 2), distance < (best?.distance ?? .max) {
        best = (candidate, distance)
      }
    }
    return best?.candidate ?? (prefixed.count == 1 ? prefixed.first : nil)
  }

  /// Levenshtein distance, with a swap of two neighbours counting as one edit.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + [Int](repeating: 0, count: b.count)
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      previous2 = previous
      previous = current
    }
    return previous[b.count]
  }
}
