import KeyMenuCompat
import Testing

/// The bytes a box's result is written as, as the real programs write them.
struct DialogResultWriterTests {
  func text(
    _ flavor: CompatFlavor, _ result: DialogResult, _ change: (inout DialogOptions) -> Void = { _ in }
  ) -> String {
    var options = DialogOptions()
    change(&options)
    return String(decoding: DialogResultWriter(flavor: flavor, options: options).bytes(result), as: UTF8.self)
  }

  @Test func textsAndTagsHaveNoNewline() {
    #expect(text(.whiptail, .text("kitchen")) == "kitchen")
    #expect(text(.dialog, .text("b")) == "b")
    #expect(text(.whiptail, .nothing) == "")
  }

  @Test func whiptailQuotesEveryCheckedTag() {
    #expect(text(.whiptail, .tags(["a", "b c"])) == "\"a\" \"b c\"")
    #expect(text(.whiptail, .tags([])) == "")
  }

  @Test func separateOutputIsOneUnquotedTagPerLine() {
    #expect(text(.whiptail, .tags(["a", "b c"])) { $0.separateOutput = true } == "a\nb c\n")
    #expect(text(.dialog, .tags(["a"])) { $0.separateOutput = true } == "a\n")
  }

  @Test func dialogQuotesOnlyWhereTheShellNeedsIt() {
    #expect(text(.dialog, .tags(["a", "b c", "d\"e"])) == "a \"b c\" \"d\\\"e\"")
    #expect(
      text(.dialog, .tags(["a", "b"])) { $0.quoteAll = true } == "a b", "measured: --quoted adds nothing here"
    )
    #expect(
      text(.dialog, .tags(["$HOME", "a^b"])) == "\"\\$HOME\" \"a\\^b\"", "escaped inside double quotes")
    #expect(text(.dialog, .tags(["it's", "x y"])) { $0.singleQuoted = true } == "'it\\'s' 'x y'")
  }

  /// dialog's `--quoted` quotes a menu's or radiolist's tag where the shell
  /// needs it (as `dlg_add_string`); an input box's text never.
  @Test func dialogsQuotedQuotesAChosenTagWhereNeeded() {
    #expect(text(.dialog, .tag("green pepper")) == "green pepper")
    #expect(text(.dialog, .tag("green pepper")) { $0.quoteAll = true } == "\"green pepper\"")
    #expect(text(.dialog, .tag("olive")) { $0.quoteAll = true } == "olive")
    #expect(text(.dialog, .text("a b")) { $0.quoteAll = true } == "a b")
    #expect(text(.whiptail, .tag("a b")) { $0.quoteAll = true } == "a b")
  }

  /// dialog's `--output-separator` (measured: `,ham,"green pepper",olive`
  /// and, with `--separate-output`, `a;b;`).
  @Test func dialogsOutputSeparatorComesBeforeEachTagOrAfterEachLine() {
    #expect(
      text(.dialog, .tags(["ham", "green pepper", "olive"])) { $0.outputSeparator = "," }
        == ",ham,\"green pepper\",olive")
    #expect(
      text(.dialog, .tags(["a", "b"])) {
        $0.outputSeparator = ";"
        $0.separateOutput = true
      } == "a;b;")
  }
}
