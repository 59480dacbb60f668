import KeyMenuConfig
import Testing

@Suite struct SyntaxErrorTests {
  @Test func syntaxErrorsCarryTheirLineAndColumnInWordsForPeople() {
    #expect(
      errors("log_level = \"info\"\n\nhotkeys = [\n") == [
        "test.toml:3:11: missing ]: the array opened here is still open at the end of the file"
      ])
    #expect(
      errors("a = \n") == ["test.toml:1:5: missing value after =, such as \"text\", 3, true or [ ... ]"])
    #expect(
      errors("title = \"unterminated\nx = 1\n") == [
        "test.toml:1:22: unterminated string: a \"...\" string must end on its line (\"\"\"...\"\"\" may span lines)"
      ])
    #expect(
      errors("a = \"x\u{1}y\"") == [
        "test.toml:1:7: control character in a string: write it as an escape such as \\t or \\u001b"
      ])
    #expect(
      errors("[menus.x\ntitle = \"a\"\n") == [
        "test.toml:1:9: missing ] at the end of the table header, as in [menus.main]"
      ])
    #expect(errors("a = [1 2]") == ["test.toml:1:8: missing , or ] after an array element"])
    #expect(errors("a = 1\na = 2") == ["test.toml:2:1: 'a' is set twice; a key may appear once in its table"])
    #expect(
      errors("x = {a = 1\n") == [
        "test.toml:1:11: missing } or , in an inline table: { key = value, ... } must close on its line"
      ])
  }

  @Test func aNulByteIsRefusedWhereItIs() {
    #expect(
      errors("log_level = \"info\"\nx = \"a\u{0}\"") == ["test.toml:2:7: NUL byte in configuration file"])
  }

  /// toml++ (inside TOMLKit, the parser before KeyMenuTOML) aborted on these
  /// instead of reporting them.
  @Test func inputThatCrashedTheFormerParserIsAnError() {
    #expect(
      errors("[menus.main]\n[[[hotkeys]]]") == [
        "test.toml:2:3: expected a key in the table header, such as [menus.main] or [[hotkeys]]"
      ])
    #expect(
      errors("[ * ]") == [
        "test.toml:1:3: expected a key in the table header, such as [menus.main] or [[hotkeys]]"
      ])
    #expect(errors("a = [1, }") == ["test.toml:1:9: expected a value or ']' in the array, saw '}'"])
    #expect(errors("a = { b = [ } ] }") == ["test.toml:1:13: expected a value or ']' in the array, saw '}'"])
  }

  /// Found by fuzz-config: toml++ asserted a digit after the T of a date-time.
  @Test func aDateTimeWithoutItsTimeIsAnErrorNotACrash() {
    #expect(
      errors("-=1979-05-27T:") == ["test.toml:1:3: expected a time after 'T', such as 1979-05-27T07:32:00"])
    #expect(
      errors("a = [1979-05-27tx:00]") == [
        "test.toml:1:6: expected a time after 't', such as 1979-05-27T07:32:00"
      ])
    #expect(
      errors("log_level = 1979-05-27T07:32:00") == [
        "test.toml:1:13: log_level must be a string, not a date-time"
      ])
  }

  @Test func aByteOrderMarkDoesNotShiftColumns() {
    #expect(errors("\u{FEFF}log_level = 3") == ["test.toml:1:13: log_level must be a string, not an integer"])
  }
}
