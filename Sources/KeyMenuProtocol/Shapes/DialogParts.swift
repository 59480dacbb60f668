/// The parts of a modal besides its title, text and buttons (members of
/// ``ModalPicture``), in the one form the engine keeps them, presenters draw
/// them and the protocol sends them.
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

    /// In the order of the keys on the wire (sorted): the synthesized
    /// `encode(to:)` writes them in this order (``OrderedJSONEncoder``).
    enum CodingKeys: String, CodingKey { case first, lines, total }

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
  ///
  /// A long list is sent as a window of ``windowSize`` items around the
  /// highlight, as menus are: ``offset`` items come before `items[0]` and
  /// ``total`` are in the list (both sent only for a window), so each key
  /// sends a bounded picture however long the list.
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
        // In the order of the keys on the wire (sorted): OrderedJSONEncoder writes them as they come.
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(marked, forKey: .marked)
        try container.encodeOrNull(tag, forKey: .tag)
        try container.encode(text, forKey: .text)
      }
    }

    /// How marks are drawn.
    public var marks: Marks
    /// The choices, in order.
    public var items: [Item]
    /// The highlighted choice, an index into ``items`` (`null` when none).
    public var highlight: Int?
    /// How many choices of the list come before `items[0]`.
    public var offset: Int
    /// How many choices the whole list has.
    public var total: Int

    /// The most items a picture carries.
    public static let windowSize = 512

    /// Creates choices: `items` is the whole list unless `offset` and
    /// `total` say it is a window of it.
    public init(marks: Marks, items: [Item], highlight: Int?, offset: Int = 0, total: Int? = nil) {
      self.marks = marks
      self.items = items
      self.highlight = highlight
      self.offset = offset
      self.total = total ?? offset + items.count
    }

    /// The choices of a whole list, windowed to ``windowSize`` items around
    /// `highlight` (an index into `items`) when longer.
    public static func window(marks: Marks, items: [Item], highlight: Int?) -> Self {
      guard items.count > windowSize else { return Self(marks: marks, items: items, highlight: highlight) }
      let focus = highlight ?? 0
      let start = max(0, min(focus - windowSize / 2, items.count - windowSize))
      return Self(
        marks: marks, items: Array(items[start..<start + windowSize]),
        highlight: highlight.map { $0 - start },
        offset: start, total: items.count)
    }

    /// Whether ``items`` is a window of a longer list.
    public var isWindow: Bool { offset != 0 || total != items.count }

    enum CodingKeys: String, CodingKey { case marks, items, highlight, offset, total }

    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      self.init(
        marks: try container.decodeIfPresent(Marks.self, forKey: .marks) ?? .none,
        items: try container.decode([Item].self, forKey: .items),
        highlight: try container.decodeIfPresent(Int.self, forKey: .highlight),
        offset: try container.decodeIfPresent(Int.self, forKey: .offset) ?? 0,
        total: try container.decodeIfPresent(Int.self, forKey: .total))
    }

    public func encode(to encoder: any Encoder) throws {
      // In the order of the keys on the wire (sorted): OrderedJSONEncoder writes them as they come.
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encodeOrNull(highlight, forKey: .highlight)
      try container.encode(items, forKey: .items)
      try container.encode(marks, forKey: .marks)
      if isWindow {
        try container.encode(offset, forKey: .offset)
        try container.encode(total, forKey: .total)
      }
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

    /// In the order of the keys on the wire (sorted): the synthesized
    /// `encode(to:)` writes them in this order (``OrderedJSONEncoder``).
    enum CodingKeys: String, CodingKey { case column, row, rows }

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
