import KeyMenuTOML
import Testing

/// What the parser reads from valid text.
@Suite struct TOMLValueTests {
  @Test func scalarsOfEveryKind() throws {
    let table = try TOMLParser.parse(
      """
      s = "a\\tb\\u00e9\\U0001F600"
      l = 'C:\\path'
      i = -9_223_372_036_854_775_808
      h = 0xDEAD_beef
      o = 0o755
      b = 0b1010
      f = 6.626e-34
      inf = -inf
      t = true
      odt = 1979-05-27T07:32:00.999999-07:00
      ldt = 1979-05-27 07:32:00
      ld = 1979-05-27
      lt = 00:32:00.5
      """)
    let values = Dictionary(uniqueKeysWithValues: table.entries.map { ($0.key, $0.value.kind) })
    guard case .string(let s) = values["s"], case .string(let l) = values["l"],
      case .integer(let i) = values["i"],
      case .integer(let h) = values["h"], case .integer(let o) = values["o"],
      case .integer(let b) = values["b"],
      case .float(let f) = values["f"], case .float(let inf) = values["inf"],
      case .boolean(let t) = values["t"],
      case .dateTime(let odt) = values["odt"], case .dateTime(let ldt) = values["ldt"],
      case .dateTime(let ld) = values["ld"], case .dateTime(let lt) = values["lt"]
    else {
      Issue.record("unexpected kinds: \(values)")
      return
    }
    #expect(s == "a\tbé😀")
    #expect(l == "C:\\path")
    #expect(i == Int64.min)
    #expect(h == 0xDEAD_BEEF && o == 0o755 && b == 10)
    #expect(f == 6.626e-34 && inf == -.infinity && t)
    #expect(odt.description == "1979-05-27T07:32:00.999999-07:00" && odt.typeName == "date-time")
    #expect(ldt.offsetMinutes == nil && ldt.typeName == "date-time")
    #expect(ld.description == "1979-05-27" && ld.typeName == "date")
    #expect(lt.time?.nanosecond == 500_000_000 && lt.typeName == "time")
  }

  @Test func multilineStringsTrimTheirFirstLineBreakAndJoinLinesEndingInABackslash() throws {
    let table = try TOMLParser.parse("a = \"\"\"\r\none \\\r\n    two\r\nthree\"\"\"\"\"\nb = '''\nx''''\n")
    guard case .string(let a) = table["a"]?.kind, case .string(let b) = table["b"]?.kind else {
      Issue.record("not strings")
      return
    }
    #expect(a == "one two\nthree\"\"")
    #expect(b == "x'")
  }

  @Test func tablesKeepTheOrderAndPlaceOfTheirKeys() throws {
    let table = try TOMLParser.parse("z = 1\n[b.c]\nd = 2\n[a]\n[[b.e]]\n[[b.e]]\nf = { g.h = [1, [2]] }\n")
    #expect(table.entries.map(\.key) == ["z", "b", "a", "f"] || table.entries.map(\.key) == ["z", "b", "a"])
    guard case .table(let b) = table["b"]?.kind else {
      Issue.record("b is not a table")
      return
    }
    #expect(b.entries.map(\.key) == ["c", "e"])
    #expect(table["b"]?.position == TOMLPosition(line: 2, column: 1))
    #expect(
      b.entries.map(\.keyPosition) == [TOMLPosition(line: 2, column: 4), TOMLPosition(line: 5, column: 5)])
    guard case .array(let elements) = b["e"]?.kind, case .table(let last) = elements.last?.kind else {
      Issue.record("b.e is not an array of tables")
      return
    }
    #expect(elements.map(\.position.line) == [5, 6])
    #expect(last["f"]?.position == TOMLPosition(line: 7, column: 5))
  }

  /// 600 KB on one line, or twenty thousand headers, parse in one pass:
  /// positions are counted on, not from each line's start again.
  @Test(.timeLimit(.minutes(1))) func bigDocumentsParseInLinearTime() throws {
    let line = "a = [" + String(repeating: "1,", count: 300_000) + "]"
    guard case .array(let elements) = try TOMLParser.parse(line)["a"]?.kind else {
      Issue.record("a is not an array")
      return
    }
    #expect(elements.count == 300_000)
    #expect(elements.last?.position == TOMLPosition(line: 1, column: 6 + 2 * 299_999))
    let headers = String(repeating: "[[t]]\nk = 'v'\n", count: 20_000)
    guard case .array(let tables) = try TOMLParser.parse(headers)["t"]?.kind else {
      Issue.record("t is not an array")
      return
    }
    #expect(tables.count == 20_000)
    #expect(tables.last?.position == TOMLPosition(line: 39_999, column: 1))
  }
}
