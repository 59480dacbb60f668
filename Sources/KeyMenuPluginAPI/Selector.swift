/// The unique, generated, readable name of an action, such as
/// `menu.reboot-now.7c1e09a4`: a kind, a slug of the title and a part that
/// looks random (8 hex digits, more after 2^32 registrations).
///
/// Names come from ``SelectorRegistry/register(kind:title:owner:action:)``
/// and are never reused while the process runs.
public struct Selector: RawRepresentable, Hashable, Comparable, Sendable, Codable,
  CustomStringConvertible
{
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }
  public var description: String { rawValue }

  public static func < (lhs: Selector, rhs: Selector) -> Bool { lhs.rawValue < rhs.rawValue }

  /// Lowercase ASCII letters and digits joined by single dashes, at most 32
  /// characters; `item` when nothing is left.
  public static func slug(_ text: String) -> String {
    var slug: [UInt8] = []
    var pendingDash = false
    for byte in text.lowercased().utf8 where slug.count < 32 {
      if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      {
        if pendingDash, !slug.isEmpty {
          if slug.count + 2 > 32 { break }
          slug.append(UInt8(ascii: "-"))
        }
        pendingDash = false
        slug.append(byte)
      } else {
        pendingDash = true
      }
    }
    return slug.isEmpty ? "item" : String(decoding: slug, as: UTF8.self)
  }
}

/// Who registered a selector or a wrapper; removing an owner removes all of it.
public struct SelectorOwner: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public var description: String { rawValue }

  /// The configuration file.
  public static let configuration = SelectorOwner(rawValue: "config")
  /// A plugin, by name.
  public static func plugin(_ name: String) -> SelectorOwner { SelectorOwner(rawValue: "plugin:" + name) }
  /// A socket client, by connection id.
  public static func client(_ id: Int) -> SelectorOwner { SelectorOwner(rawValue: "client:\(id)") }
}

/// What the registry knows about a selector besides its action.
public struct SelectorInfo: Hashable, Sendable, Codable {
  /// The selector.
  public var selector: Selector
  /// The title it was made from (a menu item's or alert button's title).
  public var title: String
  /// The kind: `menu`, `alert`, `hotkey`, `plugin`, ...
  public var kind: String
  /// Who registered it.
  public var owner: SelectorOwner
  /// A second name that stays the same across reloads (`box.show-ip` for a
  /// configured item), accepted wherever the selector is.
  public var stableName: Selector?

  /// Creates selector metadata.
  public init(
    selector: Selector, title: String, kind: String, owner: SelectorOwner, stableName: Selector? = nil
  ) {
    self.selector = selector
    self.title = title
    self.kind = kind
    self.owner = owner
    self.stableName = stableName
  }
}

/// What an action is told when its selector is invoked.
public struct SelectorInvocation: Sendable {
  /// The selector and its metadata.
  public var info: SelectorInfo
  /// What invoked it: `menu`, `hotkey`, `socket`, `plugin`, ...
  public var source: String

  /// Creates an invocation context.
  public init(info: SelectorInfo, source: String) {
    self.info = info
    self.source = source
  }
}
