import KeyMenuConfig
import Testing

@Suite struct UnknownKeyTests {
  @Test func aTypoGetsADidYouMeanHint() {
    #expect(
      errors("log_lvel = \"debug\"") == [
        "test.toml:1:1: unknown key 'log_lvel' in the top level; did you mean 'log_level'?"
      ])
    #expect(
      errors("[menus.main]\ntitel = \"Main\"\nitems = [{ title = \"A\", invoke = \"a\" }]") == [
        "test.toml:2:1: unknown key 'titel' in [menus.main]; did you mean 'title'?"
      ])
  }

  @Test func withoutACloseMatchTheKnownKeysAreListed() {
    #expect(
      errors("[commands]\nwhatever = 1") == [
        "test.toml:2:1: unknown key 'whatever' in [commands]; known keys: enabled, user, group, timeout_ms, max_running_per_uid, max_running"
      ])
  }

  @Test func keysInTheWrongTableSayWhereTheyBelong() {
    #expect(
      errors("grab = \"always\"") == [
        "test.toml:1:1: unknown key 'grab' in the top level; it belongs in [devices]"
      ])
  }

  @Test func unknownKeysAreFoundInsideInlineTablesAndArrays() {
    let text = """
      [[hotkeys]]
      key = "m"
      alert = { title = "T", mesage = "typo" }

      [menus.main]
      items = [
        { title = "A", invoke = "a" },
        { title = "B", items = [ { title = "C", invoke = "c", keep_opn = true } ] },
      ]
      """
    #expect(
      errors(text) == [
        "test.toml:3:24: unknown key 'mesage' in alert; did you mean 'message'?",
        "test.toml:8:57: unknown key 'keep_opn' in menu item; did you mean 'keep_open'?",
      ])
  }

  @Test func positionsSurviveStringsCommentsAndQuotedKeys() {
    let text = """
      # a comment with [brackets] and key = "value"
      log_level = '''
      [not a table]
      '''  # ]
      "log_keys" = false
      [devices]   # [comment]
      "grab" = "never"
      'incl' = []
      """
    #expect(errors(text).count == 2)
    #expect(
      errors(text) == [
        "test.toml:2:13: unknown log_level '[not a table]\n'; expected one of trace, debug, info, notice, warning, error, critical",
        "test.toml:8:1: unknown key 'incl' in [devices]; did you mean 'include'?",
      ])
  }

  @Test func arrayOfTablesElementsAreCountedForPositions() {
    let text = """
      [[hotkeys]]
      key = "m"
      invoke = "a"

      [[hotkeys]]
      key = "KEY_HOME"
      invoke = "b"
      bogus = 1
      """
    #expect(
      errors(text) == [
        "test.toml:8:1: unknown key 'bogus' in hotkey; known keys: key, keys, gesture, label, devices, menu, alert, invoke, run, shell"
      ])
  }
}
