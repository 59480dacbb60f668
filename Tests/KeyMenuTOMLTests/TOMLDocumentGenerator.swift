/// Makes TOML documents from a seed: every kind of value, key and table,
/// mostly valid, with keys and headers now and then reused so that TOML's
/// redefinition rules are exercised too.
struct TOMLDocumentGenerator {
  var random: SeededRandom
  private var counter = 0
  private var newline = "\n"
  private var headers: [(path: String, isArray: Bool)] = []
  private var lastDotted: String?

  init(seed: UInt64) { random = SeededRandom(seed: seed) }

  mutating func document() -> String {
    newline = random.chance(0.15) ? "\r\n" : "\n"
    headers = []
    lastDotted = nil
    var lines: [String] = []
    for _ in 0...random.int(0...4) { lines.append(contentsOf: statement()) }
    for _ in 0..<random.int(0...5) {
      lines.append(header() + comment())
      lastDotted = nil
      for _ in 0..<random.int(0...4) { lines.append(contentsOf: statement()) }
    }
    return lines.joined(separator: newline) + (random.chance(0.7) ? newline : "")
  }

  /// A `key = value` line, sometimes after a blank or comment line.
  private mutating func statement() -> [String] {
    var lines: [String] = []
    if random.chance(0.15) { lines.append(random.pick(["", "# a comment [x] = 'y'", "\t", "  #é😀"])) }
    let indent = random.pick(["", "", "", "  ", "\t"])
    let equals = random.pick([" = ", "=", " =\t", "  =  "])
    lines.append(indent + key() + equals + value(depth: 0) + comment())
    return lines
  }

  private mutating func comment() -> String {
    random.chance(0.2)
      ? random.pick([" # note", "# ]}", "\t#", " # é \"'"]) : random.pick(["", "", " ", "\t"])
  }

  private mutating func header() -> String {
    let isArray = random.chance(0.35)
    var path: String
    if let previous = headers.isEmpty ? nil : random.pick(headers), random.chance(0.4) {
      // The same array of tables again (a new element), or a sub-table of an earlier header.
      path =
        previous.isArray && isArray && random.chance(0.8) ? previous.path : previous.path + "." + keyPart()
      if random.chance(0.05) { path = previous.path }  // mostly a redefinition
    } else {
      path = (0..<random.int(1...3)).map { _ in keyPart() }.joined(
        separator: random.pick([".", " . ", ". "]))
    }
    headers.append((path, isArray))
    let inner = random.pick(["", "", " ", "\t"])
    return isArray ? "[[" + inner + path + inner + "]]" : "[" + inner + path + inner + "]"
  }

  /// A key of one to three parts; now and then extending the last dotted key's tables.
  private mutating func key() -> String {
    let dot = random.pick([".", ".", " . ", ". ", "\t.\t"])
    if let lastDotted, random.chance(0.3) { return lastDotted + dot + keyPart() }
    let parts = (0..<random.int(1...3)).map { _ in keyPart() }
    if parts.count > 1 { lastDotted = parts.dropLast().joined(separator: dot) }
    return parts.joined(separator: dot)
  }

  /// One part of a key: bare (also ones that look like numbers or booleans), or quoted.
  mutating func keyPart() -> String {
    counter += 1
    if random.chance(0.02) { return random.pick(["a", "\"a\"", "'a'", "\"\"", "''"]) }  // likely a duplicate
    switch random.int(0...9) {
    case 0...5:
      return random.pick(["a", "key", "Name", "x-y", "_u", "9", "true", "inf", "nan", "-", "0x"])
        + "\(counter)"
    case 6...7: return "\"" + basicText(length: random.int(0...6)) + "\(counter)\""
    default: return "'" + literalText(length: random.int(0...6)) + "\(counter)'"
    }
  }

  /// Any value; arrays and inline tables nest a few levels.
  mutating func value(depth: Int) -> String {
    switch random.int(0...(depth < 3 ? 13 : 10)) {
    case 0, 1: return "\"" + basicText(length: random.int(0...12)) + "\""
    case 2: return "'" + literalText(length: random.int(0...12)) + "'"
    case 3: return multiline(basic: true)
    case 4: return multiline(basic: false)
    case 5, 6: return integer()
    case 7: return float()
    case 8: return random.chance(0.5) ? "true" : "false"
    case 9, 10: return dateTime()
    case 11, 12: return array(depth: depth + 1)
    default: return inlineTable(depth: depth + 1)
    }
  }

  private mutating func array(depth: Int) -> String {
    let count = random.int(0...4)
    var text = "[" + random.pick(["", " ", newline + "  ", " # open" + newline])
    for number in 0..<count {
      text += value(depth: depth)
      if number < count - 1 {
        text += random.pick([", ", ",", " ,", "," + newline + "  ", ", # c" + newline])
      }
    }
    if count > 0, random.chance(0.3) { text += "," }
    return text + random.pick(["", " ", newline]) + "]"
  }

  private mutating func inlineTable(depth: Int) -> String {
    let count = random.int(0...3)
    var entries: [String] = []
    var prefix: String?
    for _ in 0..<count {
      var name = keyPart()
      if let prefix, random.chance(0.4) { name = prefix + "." + name }
      if random.chance(0.3) {
        prefix = name
        name += "." + keyPart()
      }
      entries.append(name + random.pick([" = ", "="]) + value(depth: depth))
    }
    if entries.isEmpty { return random.pick(["{}", "{ }"]) }
    return "{" + random.pick(["", " "]) + entries.joined(separator: random.pick([", ", ",", " , "]))
      + random.pick(["", " "]) + "}"
  }
}
