extension JSONWriter {
  /// The order of `entries` in `JSONEncoder`'s `.sortedKeys` order: by
  /// UTF-8 bytes. Sorted as indices, compared by their first 8 bytes as
  /// numbers, which avoids most of the work of moving entries and
  /// comparing strings.
  static func sortedIndices(_ entries: [(key: String, value: JSONValue)]) -> [Int] {
    let prefixes = entries.map { prefix($0.key) }
    return entries.indices.sorted { first, second in
      prefixes[first] != prefixes[second]
        ? prefixes[first] < prefixes[second] : precedes(entries[first].key, entries[second].key)
    }
  }

  /// The first 8 UTF-8 bytes of `key` as a big-endian number, zero-padded:
  /// two keys whose prefixes differ are in the order of their prefixes.
  static func prefix(_ key: String) -> UInt64 {
    let bytes = key.utf8.span
    var prefix: UInt64 = 0
    for offset in 0..<8 { prefix = prefix << 8 | UInt64(offset < bytes.count ? bytes[offset] : 0) }
    return prefix
  }

  /// `left.utf8.lexicographicallyPrecedes(right.utf8)`, through spans
  /// rather than the UTF-8 views' iterators.
  static func precedes(_ left: String, _ right: String) -> Bool {
    let left = left.utf8.span
    let right = right.utf8.span
    for offset in 0..<min(left.count, right.count) where left[offset] != right[offset] {
      return left[offset] < right[offset]
    }
    return left.count < right.count
  }
}
