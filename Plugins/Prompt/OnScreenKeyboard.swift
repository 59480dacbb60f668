public import KeyMenuCore
public import KeyMenuProtocol

/// An on-screen keyboard for devices with no letter keys (IR remotes,
/// keypads): rows of keys walked with the arrows, the focused one pressed
/// with OK. A pure state machine.
///
/// Three layers: small letters, capitals (`shift` switches between them)
/// and digits with every printable ASCII symbol (`123`, back with `abc`),
/// so that a remote can type any Wi-Fi password. The last row of every
/// layer holds the keys that do not type: shift or abc, 123, space,
/// backspace (`⌫`) and done. Left/Right wrap within a row; Up/Down keep
/// the column as far as the next row reaches.
public struct OnScreenKeyboard: Hashable, Sendable {
  /// What pressing the focused key does.
  public enum Press: Hashable, Sendable {
    /// Types a character.
    case type(Character)
    /// Deletes the character before the cursor.
    case backspace
    /// Accepts the text.
    case done
    /// Switched layers (shift, 123, abc): only the keyboard changed.
    case switched
  }

  /// The layers.
  public enum Layer: Hashable, Sendable {
    case small, capitals, symbols
  }

  typealias Key = DialogParts.Keyboard.Key

  /// The layer shown.
  public private(set) var layer = Layer.small
  /// The focused key's row.
  public private(set) var row = 0
  /// The focused key's column.
  public private(set) var column = 0

  /// A keyboard on the small letters, the focus on `a`.
  public init() {}

  /// The rows of a layer.
  public static func rows(_ layer: Layer) -> [[String]] {
    func keys(_ text: String) -> [String] { text.map { String($0) } }
    switch layer {
    case .small:
      return [keys("abcdefghij"), keys("klmnopqrst"), keys("uvwxyz.-_@"), controls(first: Key.shift)]
    case .capitals:
      return [keys("ABCDEFGHIJ"), keys("KLMNOPQRST"), keys("UVWXYZ.-_@"), controls(first: Key.shift)]
    case .symbols:
      return [
        keys("1234567890"), keys("!\"#$%&'()*"), keys("+,-./:;<=>"), keys("?@[\\]^_`{|"), keys("}~"),
        controls(first: Key.letters),
      ]
    }
  }

  private static func controls(first: String) -> [String] {
    first == Key.letters
      ? [Key.letters, Key.space, Key.backspace, Key.done]
      : [Key.shift, Key.symbols, Key.space, Key.backspace, Key.done]
  }

  /// The rows shown now.
  public var rows: [[String]] { Self.rows(layer) }

  /// Moves the focus by an arrow key; false for other keys.
  public mutating func move(_ key: KeyCode) -> Bool {
    let rows = self.rows
    switch key {
    case .left: column = (column + rows[row].count - 1) % rows[row].count
    case .right: column = (column + 1) % rows[row].count
    case .up: row = (row + rows.count - 1) % rows.count
    case .down: row = (row + 1) % rows.count
    default: return false
    }
    column = min(column, rows[row].count - 1)
    return true
  }

  /// Presses the focused key.
  public mutating func press() -> Press {
    let label = rows[row][column]
    switch label {
    case Key.shift:
      layer = layer == .small ? .capitals : .small
      return .switched
    case Key.symbols:
      switchLayer(to: .symbols)
      return .switched
    case Key.letters:
      switchLayer(to: .small)
      return .switched
    case Key.space: return .type(" ")
    case Key.backspace: return .backspace
    case Key.done: return .done
    default: return .type(Character(label))
    }
  }

  /// Shows another layer, the focus kept on the same control key when both
  /// layers have it, else on the first key.
  private mutating func switchLayer(to layer: Layer) {
    self.layer = layer
    row = rows.count - 1
    column = 0
  }

  /// The keyboard as presenters see it.
  public var picture: DialogParts.Keyboard { DialogParts.Keyboard(rows: rows, row: row, column: column) }
}
