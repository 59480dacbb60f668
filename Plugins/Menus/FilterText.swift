/// How type-to-filter compares what is typed with item titles, as rofi and
/// fzf match: each word typed (words are split at spaces) must occur in the
/// title, in any order ("liv ro" finds "Living room"); case and Latin
/// diacritics are folded away ("u" finds "Übersicht", "cafe" finds "Café"),
/// and a combining mark of decomposed text is ignored.
///
/// Written by hand because the folding needs Unicode decomposition, which
/// neither the Swift standard library nor FoundationEssentials offers
/// publicly (Foundation's `folding(options:)` brings ICU and megabytes of
/// resident memory, see the Makefile's release notes). The table is built
/// once from the Unicode names of the Latin blocks: `LATIN SMALL LETTER U
/// WITH DIAERESIS` folds to `u`.
enum FilterText {
  /// `text` lowercased with Latin diacritics and combining marks removed.
  static func folded(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    for scalar in text.lowercased().unicodeScalars {
      if scalar.properties.generalCategory == .nonspacingMark { continue }
      result.append(latinBase[scalar.value] ?? scalar)
    }
    return String(result)
  }

  /// The folded words of a typed filter.
  static func words(_ filter: String) -> [Substring] {
    folded(filter).split(separator: " ")
  }

  /// Whether a title already ``folded(_:)`` holds every one of `words` (no
  /// words match every title).
  static func matches(folded title: String, words: [Substring]) -> Bool {
    words.allSatisfy { title.contains($0) }
  }

  /// The lowercase Latin letters with a diacritic (Latin-1, Extended-A and
  /// -B, Extended Additional) and the ASCII letter each is built on.
  static let latinBase: [UInt32: Unicode.Scalar] = {
    var table: [UInt32: Unicode.Scalar] = [:]
    for range in [0xC0...0x24F, 0x1E00...0x1EFF] as [ClosedRange<UInt32>] {
      for value in range {
        guard let scalar = Unicode.Scalar(value), let name = scalar.properties.name else { continue }
        let words = name.split(separator: " ")
        guard words.count >= 6, words[0] == "LATIN", words[1] == "SMALL", words[2] == "LETTER",
          words[4] == "WITH", words[3].count == 1, let base = words[3].unicodeScalars.first, base.isASCII
        else { continue }
        table[value] = Unicode.Scalar(UInt8(ascii: "a") + UInt8(base.value - 0x41))
      }
    }
    return table
  }()
}
