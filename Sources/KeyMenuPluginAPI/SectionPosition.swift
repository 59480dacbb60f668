/// Where an item sits in its section, for presenters that draw grouped borders.
public enum SectionPosition: String, Hashable, Sendable, Codable {
  /// The only item of its section.
  case single
  /// The first of several.
  case top
  /// Neither first nor last.
  case middle
  /// The last of several.
  case bottom

  /// The position of item `index` in a section of `count` items.
  public init(index: Int, count: Int) {
    if count <= 1 {
      self = .single
    } else if index == 0 {
      self = .top
    } else if index == count - 1 {
      self = .bottom
    } else {
      self = .middle
    }
  }
}
