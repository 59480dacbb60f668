import ArgumentParser
import KeyMenuClient
import KeyMenuProtocol

/// `keymenuctl checklist`: several choices to check, like `whiptail --checklist`.
struct ChecklistCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "checklist",
    abstract: "Show a checklist and print the items checked.",
    discussion: """
      Prints the checked items' tags (an item without a tag: its text), one \
      per line, in list order; nothing when none is checked. Items come from \
      the arguments after the title, or else from standard input, one per \
      line (empty lines skipped), each TAG<TAB>TEXT or just TEXT, up to 4096. \
      --on TAG checks an item at first (repeat it for more).

      Keys: Up/Down (no wrapping), Home/End, PageUp/PageDown move; Space, OK \
      or Select checks or unchecks the highlighted item; digits 1-9 check or \
      uncheck item N; Enter confirms. Tab, Right (or Down past the last \
      item) move to the buttons, where Enter, Space or OK presses the \
      focused one; Esc, Back or Exit cancels. A remote checks with OK and \
      confirms with Right then OK.

      EXIT STATUS
        0    confirmed: the checked items are printed
        1    cancelled with Esc, Back or Exit, or the Cancel button
        2    usage error: no items, or --on/--highlight names no item
        4    dismissed: by the panic chord, or the daemon stopped
        255  the daemon cannot be reached or refused the request

      EXAMPLE
        services=$(keymenuctl checklist Services ssh cups ntp --on ssh) || exit
        printf 'ssh\\tSecure shell\\ncups\\tPrinting\\n' |
          keymenuctl checklist "Start at boot" --on ssh
      """)

  @OptionGroup var list: ChoiceListOptions

  func run() throws {
    let (result, items) = try list.ask("checklist.show")
    switch try result.read(as: ChecklistShowResult.self, from: "checklist.show") {
    case .marked(let indices, _): list.printMarked(indices, of: items, result: result)
    case .cancelled(let reason):
      if list.client.json { print(result.jsonText) }
      throw ExitCode(ChoiceListOptions.exitStatus(cancelled: reason))
    }
  }
}

/// `keymenuctl radiolist`: one choice to mark, like `whiptail --radiolist`.
struct RadiolistCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "radiolist",
    abstract: "Show a radiolist and print the item marked.",
    discussion: """
      Prints the marked item's tag (an item without a tag: its text); \
      nothing when none is marked. Items come as for checklist: arguments \
      after the title, or else standard input's lines, each TAG<TAB>TEXT or \
      just TEXT. --on TAG marks one at first.

      Keys as for checklist, but Space, OK, Select or a digit marks the item, \
      and unmarks the one marked before.

      EXIT STATUS
        0    confirmed: the marked item is printed (nothing when none is)
        1    cancelled with Esc, Back or Exit, or the Cancel button
        2    usage error: no items, --on given twice, or a tag that names no item
        4    dismissed: by the panic chord, or the daemon stopped
        255  the daemon cannot be reached or refused the request

      EXAMPLE
        size=$(keymenuctl radiolist "Text size" small medium large \\
          --on medium) || exit
      """)

  @OptionGroup var list: ChoiceListOptions

  func validate() throws {
    guard list.on.count <= 1 else { throw ValidationError("--on once at most: a radiolist marks one item") }
  }

  func run() throws {
    let (result, items) = try list.ask("radiolist.show")
    switch try result.read(as: RadiolistShowResult.self, from: "radiolist.show") {
    case .marked(let index, _): list.printMarked(index.map { [$0] } ?? [], of: items, result: result)
    case .cancelled(let reason):
      if list.client.json { print(result.jsonText) }
      throw ExitCode(ChoiceListOptions.exitStatus(cancelled: reason))
    }
  }
}
