import KeyMenuCore
import KeyMenuPluginAPI

/// A simulation script: menus and alerts declared up front, then steps.
///
/// The format is documented in `docs/SIMULATE.md`; an example:
///
///     menu power "Power"
///     item power "Suspend"
///     item power "Reboot" key=ctrl+r
///     alert sure "Really?" buttons="No,Yes" cancel=0 timeout=5s
///     open power
///     press KEY_DOWN
///     press KEY_ENTER
///     ---
///     (expected timeline, for golden tests)
public struct Scenario: Sendable {
  /// A declared menu: its title, whether it filters, the item highlighted
  /// first (a number, or an item's value or title), its timeout, and its items.
  struct MenuDeclaration: Sendable {
    var title: String
    var filterable: Bool
    var highlight: String?
    var timeout: Duration?
    /// `answer-keys=red,blue`: keys that answer the menu with their name.
    var answerKeys: [KeyCode: String] = [:]
    var items: [(section: Int, item: ItemDeclaration)] = []
  }

  /// An item as declared: an action (its selector is made when the menu
  /// opens) or a reference to another declared menu.
  enum ItemDeclaration: Sendable {
    case action(
      title: String, accelerator: KeyChord?, enabled: Bool, keepOpen: Bool, fails: Bool, value: String?,
      long: String?)
    case submenu(id: String, accelerator: KeyChord?)
  }

  /// One step of the script.
  enum Step: Sendable {
    case open(String)
    case show(String)
    case close(String)
    case dismiss(String)
    case key(KeyCode, KeyAction)
    case wait(Duration)
    case edit(menu: String, MenuEditStep)
    /// Removes the selector of the item with this title (the last one made).
    case unregister(String)
    /// Starts a modal kind's plugin from the simulator's catalog.
    case plugin(String)
    /// A request for a plugin's socket method, named `id` in the timeline,
    /// with `name=value` params (integers and booleans as such).
    case call(id: String, method: String, params: [String: String])
  }

  /// A live edit as written in the script.
  enum MenuEditStep: Sendable {
    case insert(title: String, section: Int, at: Int)
    case remove(section: Int, at: Int)
    case move(section: Int, from: Int, to: Int)
    case update(title: String, enabled: Bool, section: Int, at: Int)
  }

  /// A declared hotkey: its chord (and the keys after it, for a
  /// sequence), gesture and the name the timeline and a hint give it.
  struct HotkeyDeclaration: Sendable {
    var chord: KeyChord
    var following: [KeyChord]
    var keyNames: [String]
    var gesture: KeyGestureMachine.Gesture
    var name: String
  }

  var menus: [String: MenuDeclaration] = [:]
  var alerts: [String: Alert] = [:]
  var hotkeys: [HotkeyDeclaration] = []
  /// `gestures long=… double=…`: the thresholds of the hotkeys' gestures.
  var gestureTiming = KeyGestureMachine.Timing()
  /// `gestures hint=… sequence=…`: when a sequence's hint comes and when it ends.
  var sequenceTiming = KeySequenceMachine<KeyChord>.Timing()
  var steps: [(line: Int, step: Step)] = []

  /// The expected timeline after a `---` line (empty when there is none).
  public internal(set) var expected: [String] = []
}

/// A scenario line that could not be understood, as `file:line: message`.
public struct ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The 1-based line number.
  public var line: Int
  /// What is wrong.
  public var message: String

  public var description: String { "line \(line): \(message)" }
}
