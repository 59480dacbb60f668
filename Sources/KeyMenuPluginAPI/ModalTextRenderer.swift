import KeyMenuProtocol

/// Draws the front modal of a ``ModalSnapshot`` as boxed text, for terminal
/// and console presenters (`keymenuctl ui`), from its parts: a menu level,
/// or the title, text, page, choices, gauge, field, keyboard and buttons of
/// every other kind.
///
/// Pure: the same snapshot and size give the same picture. Highlight and
/// focus are marked with characters (`▶`, `[ ]`) as well as styles, so the
/// picture reads the same without colour. Section separators come from each
/// item's ``SectionPosition``; a menu taller than the screen shows a window
/// around the highlight with "more" rows at the cut ends.
public struct ModalTextRenderer: Sendable {
  /// Columns available.
  public var width: Int
  /// Rows available.
  public var height: Int

  /// The narrowest box drawn (inner columns), screen permitting.
  static let minimumInnerWidth = 24

  /// Creates a renderer for a screen of `width` × `height`.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// The picture of what is in front of `snapshot`: lines of equal width.
  /// Texts are drawn in their ``ModalSnapshot/shown`` form: control and
  /// bidi-override characters made visible, never passed on.
  public func render(_ snapshot: ModalSnapshot) -> [TextLine] {
    guard let front = snapshot.front?.shown else { return [TextLine("Nothing in front.", .dimmed)] }
    var lines = front.menu.map { render($0) } ?? render(front)
    let behind = snapshot.depth - 1
    if behind > 0 {
      lines.append(
        TextLine(behind == 1 ? "1 more behind this one" : "\(behind) more behind this one", .dimmed))
    }
    return lines
  }

  /// Inner width for content whose widest row is `natural` columns.
  func innerWidth(natural: Int) -> Int {
    let limit = max(1, width - 4)
    return min(limit, max(Self.minimumInnerWidth, natural))
  }
}
