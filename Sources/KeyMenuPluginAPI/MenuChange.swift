/// One incremental change to the items of an open menu, for presenters that
/// update in place. Indexes are positions in the section's item list.
public enum MenuChange: Hashable, Sendable, Codable {
  case inserted(section: Int, index: Int)
  case removed(section: Int, index: Int)
  case moved(section: Int, from: Int, to: Int)
  case updated(section: Int, index: Int)

  /// Where an item at `address` is after this change; nil if it was removed.
  public func relocate(_ address: (section: Int, index: Int)) -> (section: Int, index: Int)? {
    switch self {
    case .inserted(let section, let index):
      guard address.section == section, address.index >= index else { return address }
      return (section, address.index + 1)
    case .removed(let section, let index):
      guard address.section == section else { return address }
      if address.index == index { return nil }
      return address.index > index ? (section, address.index - 1) : address
    case .moved(let section, let from, let to):
      guard address.section == section else { return address }
      if address.index == from { return (section, to) }
      if from < address.index, address.index <= to { return (section, address.index - 1) }
      if to <= address.index, address.index < from { return (section, address.index + 1) }
      return address
    case .updated:
      return address
    }
  }
}

/// Why a live edit was refused.
public struct MenuEditError: Error, Hashable, Sendable, CustomStringConvertible {
  public var message: String
  /// Creates an error.
  public init(message: String) { self.message = message }
  public var description: String { message }
}
