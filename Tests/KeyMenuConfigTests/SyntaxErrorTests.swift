import KeyMenuConfig
import Testing

@Suite struct SyntaxErrorTests {
  @Test func syntaxErrorsCarryTOMLKitsLineAndColumn() {
    #expect(
      errors("log_level = \"info\"\n\nhotkeys = [\n") == [
        "test.toml:3:13: Error while parsing array: encountered end-of-file"
      ])
    #expect(
      errors("a = \n") == ["test.toml:1:5: Error while parsing key-value pair: expected value, saw '\\n'"])
  }

  @Test func aNulByteIsRefusedWhereItIs() {
    #expect(
      errors("log_level = \"info\"\nx = \"a\u{0}\"") == ["test.toml:2:7: NUL byte in configuration file"])
  }
}
