import Foundation
import KeyMenuTOML
import Testing

/// The parser against Python's tomllib on thousands of documents: both must
/// accept or refuse each one, and read the same values from those they accept.
///
/// The documents are made from a fixed seed (`KEYMENU_TOML_SEED` and
/// `KEYMENU_TOML_DOCUMENTS` change it and the count, for longer runs):
/// generated ones with every value, key and table form, the same with one
/// to three random changes (mostly broken), and hand-picked cases of TOML's
/// rules. Known and intended differences, each checked for what it is:
/// integers past 64 bits (Python's have no bound, TOML says to refuse what
/// cannot be kept exactly) and year 0 (RFC 3339 has it, Python's dates do not).
@Suite struct TOMLDifferentialTests {
  static let environment = ProcessInfo.processInfo.environment
  static let seed = environment["KEYMENU_TOML_SEED"].flatMap { UInt64($0) } ?? 20_250_515
  static let generatedCount = environment["KEYMENU_TOML_DOCUMENTS"].flatMap { Int($0) } ?? 4000

  /// Generated documents, each also once changed, then the hand-picked ones.
  static func documents() -> [String] {
    var generator = TOMLDocumentGenerator(seed: seed)
    var random = SeededRandom(seed: seed ^ 0x5EED)
    var documents: [String] = []
    for _ in 0..<generatedCount {
      let document = generator.document()
      documents.append(document)
      documents.append(TOMLMutations.mutate(document, &random))
    }
    return documents + TOMLMutations.handPicked
  }

  @Test(
    .enabled(if: PythonTOML.available, "needs /usr/bin/python3 with tomllib (Python 3.11 or later)"),
    .timeLimit(.minutes(2)))
  func acceptsRefusesAndReadsAsTomllibDoes() throws {
    let documents = Self.documents()
    let verdicts = try PythonTOML.parse(documents)
    try #require(verdicts.count == documents.count)
    var accepted = 0
    var compared = 0
    var mismatches: [String] = []
    for (document, verdict) in zip(documents, verdicts) {
      let ours = Result { () throws(TOMLError) -> TOMLTable in try TOMLParser.parse(document) }
      let problem: String? =
        switch (verdict, ours) {
        case (.accepted(let canonical, false), .success(let table)):
          TOMLCanonical.text(table) == canonical
            ? nil : "different values:\n  tomllib \(canonical)\n  ours    \(TOMLCanonical.text(table))"
        case (.accepted(_, true), .failure(let error)):
          error.code == .outOfRange ? nil : "an integer past 64 bits should be refused as such, not: \(error)"
        case (.accepted(_, true), .success):
          "tomllib read an integer past 64 bits, which must be refused"
        case (.accepted, .failure(let error)):
          "tomllib accepts it, ours refuses: \(error)"
        case (.refused(let message), .success(let table)):
          TOMLCanonical.hasYearZero(TOMLValue(.table(table), at: TOMLPosition(line: 1, column: 1)))
            ? nil : "tomllib refuses it (\(message)), ours accepts"
        case (.refused, .failure):
          nil
        }
      if case .accepted = verdict { accepted += 1 }
      if case .accepted(_, false) = verdict, case .success = ours { compared += 1 }
      if let problem, mismatches.count < 20 {
        mismatches.append("\(problem)\n  document: \(document.debugDescription)")
      }
      if problem != nil && mismatches.count >= 20 { break }
    }
    print(
      "TOML differential: \(documents.count) documents (seed \(Self.seed)), \(accepted) accepted by tomllib,"
        + " \(compared) value trees compared")
    #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    // The corpus must exercise both sides: mostly valid generated documents, mostly broken changed ones.
    #expect(accepted > documents.count / 4 && accepted < documents.count * 3 / 4)
    #expect(compared > documents.count / 4)
  }
}
