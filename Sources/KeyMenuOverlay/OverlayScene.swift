/// What the overlay draws for the modal in front: a panel and the shapes
/// and lines of text on it, in pixels from the panel's top left corner.
///
/// Made by ``OverlayLayout`` from the modal's parts (pure), drawn by
/// ``OverlayPainter`` (the only code that calls Cairo and Pango), so that
/// where everything goes is tested without a display, and the painter has
/// no layout logic of its own.
public struct OverlayScene: Hashable, Sendable {
  /// The panel's size in pixels.
  public var width: Double
  public var height: Double
  /// The panel's corner radius.
  public var cornerRadius: Double
  /// What is drawn on the panel, in order (later over earlier).
  public var elements: [Element]
  /// The text size of the body (messages, items) in pixels.
  public var bodyPixelSize: Double
  /// Where a tap answers: the items, choices and buttons shown.
  public var targets: [Target]
  /// The id of the modal it shows (`menu-2`), which a tap names.
  public var modalID: String

  /// Creates a scene.
  public init(
    width: Double, height: Double, cornerRadius: Double, elements: [Element], bodyPixelSize: Double,
    targets: [Target] = [], modalID: String = ""
  ) {
    self.modalID = modalID
    self.width = width
    self.height = height
    self.cornerRadius = cornerRadius
    self.elements = elements
    self.bodyPixelSize = bodyPixelSize
    self.targets = targets
  }

  /// The panel's size in whole pixels (rounded up).
  public var size: (width: Int, height: Int) { (Int(width.rounded(.up)), Int(height.rounded(.up))) }

  /// A rectangle in the panel's pixels.
  public struct Rect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    /// Creates a rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
      self.x = x
      self.y = y
      self.width = width
      self.height = height
    }

    /// Whether the point is inside.
    public func contains(x px: Double, y py: Double) -> Bool {
      px >= x && px < x + width && py >= y && py < y + height
    }

    /// The rectangle reflected across a vertical line at `width / 2`.
    func mirrored(in width: Double) -> Rect {
      Rect(x: width - x - self.width, y: y, width: self.width, height: height)
    }
  }

  /// Which of the theme's colours a shape or text takes.
  public enum Paint: Hashable, Sendable {
    /// The panel.
    case panel
    /// Ordinary text.
    case text
    /// The title.
    case title
    /// Text that says less (hints, counts, disabled items, the breadcrumb).
    case dimmed
    /// The focus bar and the focused button.
    case focus
    /// Text on the focus bar.
    case focusText
    /// A button that is not focused, a key cap, a field's box.
    case chip
    /// The track of a gauge or scroll bar, dividers.
    case track
    /// A gauge's filled part, a marked check box, the scroll bar's thumb.
    case accent
    /// A mark drawn on ``accent`` (a check box's tick).
    case accentText
  }

  /// The fonts a text takes: the theme's family at a size of the scene.
  public enum Font: Hashable, Sendable {
    /// Messages, items, buttons.
    case body
    /// The title, bold and larger.
    case title
    /// The breadcrumb, hints and counts.
    case small
  }

  /// One line of text.
  public struct Text: Hashable, Sendable {
    /// The line.
    public var text: String
    public var font: Font
    public var paint: Paint
    /// The box it is laid in, vertically centred; a text wider than it is
    /// cut with "…".
    public var frame: Rect
    /// Where in its frame the text sits.
    public var alignment: Alignment

    /// Creates a line.
    public init(_ text: String, font: Font, paint: Paint, frame: Rect, alignment: Alignment = .left) {
      self.text = text
      self.font = font
      self.paint = paint
      self.frame = frame
      self.alignment = alignment
    }
  }

  /// Where a text sits in its frame.
  public enum Alignment: Hashable, Sendable {
    case left, center, right
  }

  /// A shape or a line of text.
  public enum Element: Hashable, Sendable {
    /// A filled rectangle with rounded corners (a radius of half its height: a pill).
    case fill(Rect, radius: Double, Paint)
    /// A rectangle's outline.
    case outline(Rect, radius: Double, lineWidth: Double, Paint)
    /// A line of text.
    case text(Text)
  }

  /// A part of the scene a tap or click answers.
  public struct Target: Hashable, Sendable {
    /// What answers.
    public enum Action: Hashable, Sendable {
      /// The menu item or choice at this index of the whole list (offset counted).
      case item(Int)
      /// The button at this index.
      case button(Int)
    }

    public var action: Action
    public var frame: Rect

    /// Creates a target.
    public init(_ action: Action, frame: Rect) {
      self.action = action
      self.frame = frame
    }
  }

  /// The scene reflected left to right, for a modal in a right-to-left
  /// script: every shape and text frame mirrored, texts laid from their
  /// right edge.
  public func mirrored() -> OverlayScene {
    var scene = self
    scene.elements = elements.map { element in
      switch element {
      case .fill(let rect, let radius, let paint):
        return .fill(rect.mirrored(in: width), radius: radius, paint)
      case .outline(let rect, let radius, let lineWidth, let paint):
        return .outline(rect.mirrored(in: width), radius: radius, lineWidth: lineWidth, paint)
      case .text(var text):
        text.frame = text.frame.mirrored(in: width)
        text.alignment =
          switch text.alignment {
          case .left: .right
          case .right: .left
          case .center: .center
          }
        return .text(text)
      }
    }
    scene.targets = targets.map { Target($0.action, frame: $0.frame.mirrored(in: width)) }
    return scene
  }
}
