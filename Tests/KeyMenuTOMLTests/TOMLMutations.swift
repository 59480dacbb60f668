/// Broken and borderline documents: generated ones with a small change,
/// and hand-picked cases of TOML's rules.
enum TOMLMutations {
  /// Characters that change what TOML sees.
  static let inserted: [String] = [
    "[", "]", "{", "}", "=", ",", ".", "\"", "'", "#", "\n", "\r", "\\", " ", "\t", "x", "0", "_", "-", "+",
    ":",
    "T", "Z", "e", "\u{7F}", "\u{1}", "é", "\"\"\"", "'''", "[[", "]]",
  ]

  /// `document` with one to three small changes: a character deleted,
  /// inserted or replaced, a line repeated or two lines swapped.
  static func mutate(_ document: String, _ random: inout SeededRandom) -> String {
    var scalars = Array(document.unicodeScalars).map { String($0) }
    for _ in 0..<random.int(1...3) {
      let at = scalars.isEmpty ? 0 : random.int(0...(scalars.count - 1))
      switch random.int(0...5) {
      case 0 where !scalars.isEmpty: scalars.remove(at: at)
      case 1 where !scalars.isEmpty: scalars[at] = random.pick(inserted)
      case 2:
        var lines = scalars.joined().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let line = random.int(0...(lines.count - 1))
        lines.insert(lines[line], at: line)
        scalars = Array(lines.joined(separator: "\n").unicodeScalars).map { String($0) }
      case 3:
        var lines = scalars.joined().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count > 1 else { continue }
        let line = random.int(0...(lines.count - 2))
        lines.swapAt(line, line + 1)
        scalars = Array(lines.joined(separator: "\n").unicodeScalars).map { String($0) }
      default: scalars.insert(random.pick(inserted), at: min(at, scalars.count))
      }
    }
    return scalars.joined()
  }

  /// Cases of TOML 1.0's rules, valid and not, that random changes rarely hit.
  static let handPicked: [String] = [
    // Tables: defined once; implicit ones may be defined later; sub-tables of dotted ones.
    "[a.b.c]\n[a]\nx = 1", "[a]\n[a]", "[a]\nb = 1\n[a.b]", "[a.b]\n[a]\nb.c = 1", "[a]\nb.c = 1\n[a.b]",
    "[a]\nb.c = 1\n[a.b.d]\ne = 2",
    "[fruit]\napple.color = 'red'\napple.taste.sweet = true\n[fruit.apple.texture]\nx = 1",
    "a.b.c = 1\na.b.d = 2", "a.b = 1\n[a]", "a.b = 1\n[a.c]", "a = 1\na.b = 2", "a.b = 1\na = 2",
    "a = 1\na = 2",
    "[a.b.c.d]\n[a.b]\nc.e = 1", "[a.b.c.d]\n[a.b.c]\nd.e = 1", "[x.y]\nz.w = 1\n[x]\ny.z.v = 2",
    // Arrays of tables.
    "[[a]]\n[a.b]\n[[a]]\n[a.b]", "[[a]]\n[a]", "[a]\n[[a]]", "a = []\n[[a]]", "a = [{}]\n[[a]]",
    "[[a.b]]\n[a]\nc = 1",
    "[[t.a]]\n[t]\na.b = 1", "[[a]]\nb.c = 1\n[[a]]\nb.c = 2", "[[a]]\n[[a.b]]\n[[a]]\n[[a.b]]\nx = 1",
    "a = [1]\n[a.b]",
    // Inline tables: complete as written.
    "a = {}\n[a]", "a = {}\n[a.b]", "a = {b = 1}\na.c = 2", "a = {b = {}, b.c = 1}", "a = {b.c = 1, b.d = 2}",
    "a = {b.c = 1, b = 2}", "a = {b = 1, b.c = 2}", "a = {b = [1], b.c = 2}", "x = {a = 1,}", "x = {\na = 1}",
    "x = {a = 1\n}", "x = { }", "x = {a=1,b=2}", "x = {'a' = 1, \"a\" = 2}", "x = {a.b = {c = 1}, a.b.d = 2}",
    // Keys.
    "'' = 1", "\"\" = 1\n'' = 2", "a . b = 1", "\"a.b\" = 1\na.b = 2", "1.2 = 3", "true = false",
    "a\"b\" = 1", "=1",
    "\"\"\"a\"\"\" = 1", "a.'' = 1", "[ a . \"b\" ]\n", "[ [a] ]", "[[a] ]", "[a]]", "[]",
    "a = 1 # c\n b = 2",
    // Strings.
    "a = \"\\x41\"", "a = \"\\uD800\"", "a = \"\\U00110000\"", "a = \"\\u00e\"", "a = \"\\e\"",
    "a = '''\n'''''",
    "a = \"\"\"\"\"\"\"", "a = \"\"\"\"\"\"\"\"", "a = \"\"\"\"\"\"\"\"\"",
    "a = \"\"\"\\\n\n  x\\   \n\"\"\"",
    "a = \"\"\"x\\ y\"\"\"", "a = \"\"\"x\\  \r\n y\"\"\"", "a = \"tab\there\"", "a = \"del\u{7F}\"",
    "a = 'a\u{7F}'",
    "a = \"\"\"\r\"\"\"", "a = 1\r", "a = 1\r\nb = 2\r\n", "# \u{7F}", "# \r", "a = \"\"\"\n\"\"\"",
    "a = '''x''''''",
    // Numbers.
    "a = 0x", "a = 01", "a = 1__0", "a = 1_", "a = _1", "a = 9223372036854775807", "a = 9223372036854775808",
    "a = -9223372036854775808", "a = -9223372036854775809", "a = 0x7FFFFFFFFFFFFFFF",
    "a = 0x8000000000000000",
    "a = +0x1", "a = 0X1", "a = 0b2", "a = 0o8", "a = 0_0", "a = -0", "a = +0", "a = 1.", "a = .1",
    "a = 1.e5",
    "a = 1e", "a = 1e_1", "a = 1e1_0", "a = 1_000.000_1", "a = 1e400", "a = -1e400", "a = 1e-400", "a = -0.0",
    "a = +nan", "a = -inf", "a = infinity", "a = NaN", "a = 00.1", "a = 0.0_1", "a = 1.0e+01", "a = 3.14_",
    // Dates and times.
    "a = 1979-02-29", "a = 2000-02-29", "a = 1900-02-29", "a = 2024-04-31", "a = 07:32", "a = 07:32:00Z",
    "a = 1979-05-27T07:32Z", "a = 1979-05-27T07:32:00", "a = 1979-05-27 07:32:00", "a = 1979-05-27 # c",
    "a = 1979-05-27T", "a = 1979-05-27T24:00:00", "a = 1979-05-27T07:60:00", "a = 1979-05-27T07:32:60",
    "a = 1979-05-27T07:32:00.", "a = 1979-05-27T07:32:00.1234567891", "a = 1979-05-27T07:32:00+24:00",
    "a = 1979-05-27T07:32:00-00:00", "a = 1979-05-27T07:32:00+0700", "a = 1979-5-27", "a = [1979-05-27 ,2]",
    "a = [1979-05-27 07:32:00]", "a = 1979-05-27 7:32:00", "a = 1979-05-27  07:32:00", "a = 1979-13-01",
    "a = 0001-01-01T00:00:00.000001z", "a = 23:59:59.999999999",
    // Arrays.
    "a = [1, 'a', [2], {b = 3}, 1979-05-27]", "a = [\n1,\n2,\n# c\n]", "a = [,]", "a = [1,,2]", "a = [1 2]",
    "a = [", "a = [1, }", "a = { b = [ } ] }", "a = [[[]]]", "a = ]",
  ]
}
