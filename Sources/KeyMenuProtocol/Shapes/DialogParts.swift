/// The parts of a dialog-family modal besides its title, text, field and
/// buttons, in the form the protocol sends them (members of ``DialogState``)
/// and the engine keeps them (``DialogSnapshot`` in KeyMenuPluginAPI uses
/// these same types).
public enum DialogParts {
  /// A window of long text being read (`page`): some of its lines, from
  /// ``first``, out of ``total``:
  /// `{"lines":["…","…"],"first":20,"total":132}`. The kind scrolls it; a
  /// presenter shows as many of ``lines`` as fit, from the first.
  public struct Page: Hashable, Sendable, Codable {
    /// Lines of the text from ``first`` on (a window, not always to the end).
    public var lines: [String]
    /// The index of the first of ``lines`` in the whole text.
    public var first: Int
    /// How many lines the whole text has.
    public var total: Int

    /// Creates a page.
    public init(lines: [String], first: Int, total: Int) {
      self.lines = lines
      self.first = first
      self.total = total
    }

    /// Whether lines follow the window's first `shown` lines.
    public func hasMore(afterShowing shown: Int) -> Bool { first + shown < total }
  }

  /// Choices in a list (`choices`): several to mark (check boxes), one to
  /// mark (radio buttons) or one to pick (no marks):
  /// `{"marks":"check","items":[{"tag":"ssh","text":"Secure shell","marked":true}],"highlight":0}`.
  public struct Choices: Hashable, Sendable, Codable {
    /// How marks are drawn.
    public enum Marks: String, Hashable, Sendable, Codable {
      /// Nothing is marked: the highlighted choice is the answer.
      case none
      /// Each choice has its own check box: `[x]`.
      case check
      /// One choice is marked, as a radio button: `(*)`.
      case radio
    }

    /// One choice: `{"tag":"ssh"|null,"text":"Secure shell","marked":false}`.
    public struct Item: Hashable, Sendable, Codable {
      /// A short name shown before the text (whiptail's tag), if shown.
      public var tag: String?
      /// What the choice says.
      public var text: String
      /// Whether it is marked (checked, or the radio choice).
      public var marked: Bool

      /// Creates an item.
      public init(tag: String? = nil, text: String, marked: Bool = false) {
        self.tag = tag
        self.text = text
        self.marked = marked
      }

      enum CodingKeys: String, CodingKey { case tag, text, marked }

      public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
          tag: try container.decodeIfPresent(String.self, forKey: .tag),
          text: try container.decode(String.self, forKey: .text),
          marked: try container.decodeIfPresent(Bool.self, forKey: .marked) ?? false)
      }

      public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeOrNull(tag, forKey: .tag)
        try container.encode(text, forKey: .text)
        try container.encode(marked, forKey: .marked)
      }
    }

    /// How marks are drawn.
    public var marks: Marks
    /// The choices, in order.
    public var items: [Item]
    /// The highlighted choice (`null` when none).
    public var highlight: Int?

    /// Creates choices.
    public init(marks: Marks, items: [Item], highlight: Int?) {
      self.marks = marks
      self.items = items
      self.highlight = highlight
    }

    enum CodingKeys: String, CodingKey { case marks, items, highlight }

    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      self.init(
        marks: try container.decodeIfPresent(Marks.self, forKey: .marks) ?? .none,
        items: try container.decode([Item].self, forKey: .items),
        highlight: try container.decodeIfPresent(Int.self, forKey: .highlight))
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(marks, forKey: .marks)
      try container.encode(items, forKey: .items)
      try container.encodeOrNull(highlight, forKey: .highlight)
    }
  }

  /// An on-screen keyboard (`keyboard`): rows of keys walked with arrows,
  /// one focused: `{"rows":[["a","b",…],…,["shift","space","⌫","done"]],"row":0,"column":1}`.
  /// A key's label is the character it types or, for the others, one of
  /// ``Key``'s words.
  public struct Keyboard: Hashable, Sendable, Codable {
    /// The labels of the keys that do not type their label.
    public enum Key {
      /// Deletes the character before the cursor.
      public static let backspace = "⌫"
      /// Types a space.
      public static let space = "space"
      /// Switches capitals on or off.
      public static let shift = "shift"
      /// Switches from letters to digits and symbols.
      public static let symbols = "123"
      /// Switches back from digits and symbols to letters.
      public static let letters = "abc"
      /// Accepts the text.
      public static let done = "done"
      /// Every such word.
      public static let all: Set<String> = [backspace, space, shift, symbols, letters, done]
    }

    /// The keys' labels, row by row.
    public var rows: [[String]]
    /// The focused key's row.
    public var row: Int
    /// The focused key's column in its row.
    public var column: Int

    /// Creates a keyboard.
    public init(rows: [[String]], row: Int, column: Int) {
      self.rows = rows
      self.row = row
      self.column = column
    }

    /// The focused key's label, if the focus is on a key.
    public var focused: String? {
      guard rows.indices.contains(row), rows[row].indices.contains(column) else { return nil }
      return rows[row][column]
    }
  }
}
