import KeyMenuTOML
import Testing

/// Each kind of error: its code, words and place (line:column, columns in Unicode scalars).
@Suite struct TOMLErrorTests {
  func failure(_ text: String) -> String {
    do {
      _ = try TOMLParser.parse(text)
      return "accepted"
    } catch {
      return "\(error.position) \(error.code): \(error.message)"
    }
  }

  @Test func syntax() {
    #expect(failure("a = \n") == "1:5 syntax: missing value after =, such as \"text\", 3, true or [ ... ]")
    #expect(
      failure("a = }")
        == "1:5 syntax: expected a value after =, such as \"text\", 3, true or [ ... ]; saw '}'")
    #expect(failure("a 1") == "1:3 syntax: missing = after the key 'a', as in a = \"value\"; saw '1'")
    #expect(
      failure("a = 1 b = 2")
        == "1:7 syntax: expected the end of the line after this line's key = value or [header], saw 'b'")
    #expect(
      failure("= 1") == "1:1 syntax: expected a key = value line, a [table] header or a comment, saw '='")
    #expect(
      failure("a. = 1") == "1:4 syntax: expected a key after the '.' of a dotted key, as in a.b, saw '='")
    #expect(failure("[a\n") == "1:3 syntax: missing ] at the end of the table header, as in [menus.main]")
    #expect(
      failure("[[a]\n")
        == "1:4 syntax: missing ]] at the end of the array-of-tables header, as in [[hotkeys]]")
    #expect(
      failure("[ * ]")
        == "1:3 syntax: expected a key in the table header, such as [menus.main] or [[hotkeys]]")
    #expect(
      failure("\"\"\"k\"\"\" = 1") == "1:1 syntax: a key cannot be a multi-line string; quote it with \" or '"
    )
    #expect(
      failure("a = 1\rb = 2") == "1:6 syntax: a carriage return (\\r) must be followed by a line feed (\\n)")
    #expect(failure("# bell \u{7}") == "1:8 syntax: control character U+0007 in a comment")
  }

  @Test func arraysAndInlineTables() {
    #expect(failure("a = [1 2]") == "1:8 syntax: missing , or ] after an array element")
    #expect(failure("a = [1, }") == "1:9 syntax: expected a value or ']' in the array, saw '}'")
    #expect(
      failure("x = 1\na = [1,\n 2")
        == "2:5 syntax: missing ]: the array opened here is still open at the end of the file")
    #expect(
      failure("\"é\" = [[")
        == "1:8 syntax: missing ]: the array opened here is still open at the end of the file")
    #expect(
      failure("x = {a = 1\n")
        == "1:11 syntax: missing } or , in an inline table: { key = value, ... } must close on its line")
    #expect(
      failure("x = {\n")
        == "1:6 syntax: missing } or , in an inline table: { key = value, ... } must close on its line")
    #expect(
      failure("x = {a = 1, }")
        == "1:13 syntax: a comma must be followed by another key = value in an inline table (TOML 1.0 has no trailing commas there)"
    )
    #expect(
      failure("x = {= 1}")
        == "1:6 syntax: expected a key in the inline table, such as { title = \"...\" }, saw '='")
  }

  @Test func strings() {
    #expect(
      failure("t = \"open\nx = 1")
        == "1:10 string: unterminated string: a \"...\" string must end on its line (\"\"\"...\"\"\" may span lines)"
    )
    #expect(
      failure("t = 'open")
        == "1:10 string: unterminated string: a '...' string must end on its line ('''...''' may span lines)")
    #expect(
      failure("t = \"\"\"\nabc")
        == "1:5 string: unterminated string: the \"\"\" opened here is never closed by another \"\"\"")
    #expect(
      failure("t = '''abc''")
        == "1:5 string: unterminated string: the ''' opened here is never closed by another '''")
    #expect(
      failure("t = \"x\u{1}y\"")
        == "1:7 string: control character in a string: write it as an escape such as \\t or \\u001b")
    #expect(
      failure("t = 'x\u{7F}'")
        == "1:7 string: control character in a string: a '...' string takes no escapes: use a \"...\" string with an escape such as \\u001b"
    )
    #expect(
      failure("t = \"a\\qb\"")
        == "1:7 string: invalid escape \\q in a string; the escapes are \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX \\UXXXXXXXX (write \\\\ for a backslash)"
    )
    #expect(failure("t = \"\\u00g0\"") == "1:6 string: \\u needs 4 hex digits, as in \\u00e9")
    #expect(failure("t = \"\\U0001F6\"") == "1:6 string: \\U needs 8 hex digits, as in \\U0001F600")
    #expect(
      failure("t = \"é\\uDFFF\"")
        == "1:7 string: \\uDFFF is not a Unicode scalar value (a surrogate or past U+10FFFF)")
    #expect(
      failure("t = \"\"\"a\\  b\"\"\"")
        == "1:9 string: a backslash before blanks must end its line; write \\\\ for a backslash")
  }

  @Test func numbers() {
    #expect(
      failure("n = 012") == "1:5 number: invalid number 012: leading zeros are not allowed (0o17 is octal)")
    #expect(
      failure("n = 1__2") == "1:5 number: invalid number 1__2: an underscore must stand between two digits")
    #expect(
      failure("n = 0x_1") == "1:5 number: invalid number 0x_1: an underscore must stand between two digits")
    #expect(failure("n = 0o19") == "1:5 number: invalid number 0o19: '9' is not a base-8 digit")
    #expect(failure("n = 1.") == "1:5 number: invalid number 1.: a decimal point needs digits on both sides")
    #expect(failure("n = 1e+") == "1:5 number: invalid number 1e+: an exponent needs digits, as in 1e6")
    #expect(failure("n = 1.5.2") == "1:5 number: invalid number 1.5.2")
    #expect(failure("n = info") == "1:5 syntax: invalid value info: text needs quotes, as in \"info\"")
    #expect(
      failure("n = 9223372036854775808")
        == "1:5 out-of-range: integer 9223372036854775808 does not fit in 64 bits (-9223372036854775808 to 9223372036854775807)"
    )
    #expect(
      failure("n = 0xFFFFFFFFFFFFFFFF").hasPrefix("1:5 out-of-range: integer 0xFFFFFFFFFFFFFFFF does not fit")
    )
  }

  @Test func datesAndTimes() {
    #expect(
      failure("d = 1979-05-27T:") == "1:5 date-time: expected a time after 'T', such as 1979-05-27T07:32:00")
    #expect(
      failure("d = 1979-02-29") == "1:5 date-time: invalid date 1979-02-29: that month has 28 days in 1979")
    #expect(failure("d = 1979-13-01") == "1:5 date-time: invalid date 1979-13-01: the month must be 01 to 12")
    #expect(failure("d = 1979-5-27") == "1:5 date-time: invalid date 1979-5-27; dates look like 1979-05-27")
    #expect(
      failure("d = 07:32")
        == "1:5 date-time: invalid time in 07:32; times look like 07:32:00 (seconds are required)")
    #expect(
      failure("d = 1979-05-27T07:32:60")
        == "1:5 date-time: invalid time in 1979-05-27T07:32:60: hours go to 23, minutes and seconds to 59")
    #expect(
      failure("d = 1979-05-27T07:32:00+0700")
        == "1:5 date-time: invalid date-time 1979-05-27T07:32:00+0700; the offset after the time is Z or like -07:00"
    )
  }

  @Test func redefinitions() {
    #expect(
      failure("a = 1\na = 2") == "2:1 redefinition: 'a' is set twice; a key may appear once in its table")
    #expect(
      failure("[t]\nb.c = 1\nb.c = 2")
        == "3:1 redefinition: 'b.c' is set twice; a key may appear once in its table")
    #expect(
      failure("[a]\n[a]") == "2:2 redefinition: table [a] is defined twice; a table may have one [a] header")
    #expect(
      failure("a.b = 1\n[a]")
        == "2:2 redefinition: [a] is already defined by dotted keys such as a.key = ...; a table is defined once"
    )
    #expect(failure("a = 1\n[a.b]") == "2:2 redefinition: 'a' is already an integer, not a table")
    #expect(failure("[[a]]\n[a]") == "2:2 redefinition: [a] is an array of tables; add an element with [[a]]")
    #expect(failure("[a]\n[[a]]") == "2:3 redefinition: 'a' is already a table, not an array of tables")
    #expect(
      failure("a = []\n[[a]]")
        == "2:3 redefinition: 'a' is an array, complete as written; no header may add to it")
    #expect(
      failure("a = {b = 1}\na.c = 2")
        == "2:1 redefinition: 'a' is an inline table, complete as written; no key may add to it")
    #expect(
      failure("x = {a = {}, a.b = 1}")
        == "1:14 redefinition: 'a' is an inline table, complete as written; no key may add to it")
    #expect(
      failure("[a.b]\n[a]\nb.c = 1")
        == "3:1 redefinition: 'b' is defined by a [header]; set its keys under that header")
    #expect(
      failure("[[t.a]]\n[t]\na.b = 1")
        == "3:1 redefinition: 'a' is an array of tables; dotted keys cannot add to it")
    #expect(
      failure("[x.y]\nz.w = 1\n[x]\ny.z.v = 2")
        == "4:1 redefinition: 'y' is defined by a [header]; set its keys under that header")
    #expect(
      failure("\"a b\".c = 1\n[\"a b\"]")
        == "2:2 redefinition: [\"a b\"] is already defined by dotted keys such as \"a b\".key = ...; a table is defined once"
    )
  }

  @Test func depthIsBoundedWithoutRecursion() {
    let arrays = "x = " + String(repeating: "[", count: 300_000)
    #expect(failure(arrays) == "1:105 too-deep: keys nest more than 100 levels deep")
    let tables = "x = " + String(repeating: "{a=", count: 300_000)
    #expect(
      failure(tables)
        == "1:5 too-deep: keys nest more than 100 levels deep".replacingColumn(with: 5 + 99 * 3 + 1))
    let header = "[" + Array(repeating: "a", count: 200_000).joined(separator: ".") + "]"
    #expect(failure(header) == "1:2 too-deep: keys nest more than 100 levels deep")
    let deepest = "x = " + String(repeating: "[", count: 99) + String(repeating: "]", count: 99)
    #expect(failure(deepest) == "accepted")
  }

  @Test func aByteOrderMarkIsNotAColumnAndPositionsCountScalars() {
    #expect(
      failure("\u{FEFF}a = 1\na = 2")
        == "2:1 redefinition: 'a' is set twice; a key may appear once in its table")
    #expect(
      failure("\u{FEFF}é😀 = 1")
        == "1:1 syntax: expected a key = value line, a [table] header or a comment, saw 'é'")
    #expect(
      failure("t = \"é😀\" x")
        == "1:10 syntax: expected the end of the line after this line's key = value or [header], saw 'x'")
  }
}

extension String {
  /// This error text with its column replaced (for columns easier computed than written).
  fileprivate func replacingColumn(with column: Int) -> String {
    guard let colon = firstIndex(of: ":"), let space = firstIndex(of: " ") else { return self }
    return String(self[..<colon]) + ":\(column)" + String(self[space...])
  }
}
