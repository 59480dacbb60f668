import KeyMenuProtocol

/// SplitMix64: a seeded generator, so that a failing round can be replayed.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}

/// Random JSON values for the differential tests: strings with every escape
/// class and many kinds of Unicode, numbers of every shape JSON can carry.
struct RandomJSON {
  var random: SeededGenerator

  init(seed: UInt64) { random = SeededGenerator(state: seed) }

  /// Pieces of strings: every control character, the escaped `"` and `\`,
  /// `/`, DEL, 2-, 3- and 4-byte UTF-8, combining and joining sequences,
  /// line separators, a byte order mark, noncharacters, private use.
  static let pieces: [String] =
    (0..<0x20).map { String(Unicode.Scalar(UInt8($0))) } + [
      "a", "Z", "0", "9", " ", "/", "\"", "\\", "\u{7F}", "é", "e\u{301}", "ß", "€", "中", "😀", "👩‍👩‍👧", "🇫🇷",
      "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFF}", "\u{FFFD}", "\u{10FFFF}", "\u{E000}", "\u{80}",
      "\u{7FF}",
      "\u{800}", "<", "&", "'", "~", "key", "menu.open", "id", "\\u0041", "\\n",
    ]

  /// Numbers that sit on the writer's and parser's edges.
  static let edgeNumbers: [Double] = [
    0, -0.0, 1, -1, 0.1, 0.5, 1.5, -2.5e-10, 1e-4, 1e-5, 1e-7, 123.456, 1 / 3, 999_999_999_999_999, 1e15,
    1e15 + 1, -1e15, 1e16, 9_007_199_254_740_992, 9_007_199_254_740_994, 1e21, 1e22, 1e23, 1e300,
    .leastNonzeroMagnitude, 2.2250738585072014e-308, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
    Double(Int.max), Double(Int.min), 4_294_967_296, 65536, 1e14 + 0.5,
  ]

  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

  mutating func pick<Element>(_ elements: [Element]) -> Element { elements.randomElement(using: &random)! }

  mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }

  mutating func string(maximumPieces: Int = 8) -> String {
    var text = ""
    for _ in 0..<int(0...maximumPieces) { text += pick(Self.pieces) }
    return text
  }

  /// A finite number.
  mutating func number() -> Double {
    let number: Double
    switch int(0...7) {
    case 0: number = pick(Self.edgeNumbers)
    case 1: number = Double(int(-1000...1000))
    case 2: number = Double(int(-(1 << 53)...(1 << 53)))
    case 3: number = Double(int(-999_999...999_999)) / pick([10, 100, 1000, 1e6, 1e12])
    case 4: number = Double(int(1...9)) * pow10(int(-323...308))
    case 5: number = Double(int(Int.min...Int.max)) * pow10(int(-20...20))
    default:
      // Any bit pattern: subnormals, huge and tiny values of both signs.
      number = Double(bitPattern: random.next())
    }
    return number.isFinite ? number : pick(Self.edgeNumbers)
  }

  private func pow10(_ exponent: Int) -> Double {
    var result = 1.0
    for _ in 0..<abs(exponent) { result = exponent < 0 ? result / 10 : result * 10 }
    return result.isFinite ? result : 1
  }

  /// A value nested at most `depth` more levels.
  mutating func value(depth: Int = 5) -> JSONValue {
    let kind = depth <= 0 ? int(0...3) : int(0...7)
    switch kind {
    case 0: return .null
    case 1: return .bool(chance(50))
    case 2: return .number(number())
    case 3: return .string(string())
    case 4, 5: return .array((0..<int(0...5)).map { _ in value(depth: depth - 1) })
    default:
      var members: [String: JSONValue] = [:]
      for _ in 0..<int(0...6) { members[string(maximumPieces: 3)] = value(depth: depth - 1) }
      return .object(members)
    }
  }

  /// `depth` arrays and objects, each inside the last, around a random leaf.
  mutating func nested(_ depth: Int) -> JSONValue {
    var result = value(depth: 0)
    for _ in 0..<depth {
      result = chance(50) ? .array([result]) : .object([string(maximumPieces: 2): result])
    }
    return result
  }
}
