/// `menu.open` params: an ad-hoc menu, answered when it closes.
public struct MenuOpenParams: CheckedParams, Equatable {
  /// The menu's title.
  public var title: String
  /// Its items, in order.
  public var items: [MenuItemParams]
  /// Typed letters filter the items.
  public var filter: Bool?
  /// More items follow in `menu.append` requests; the menu opens with the last.
  public var more: Bool?
  /// The item highlighted first (``MenuHighlight``).
  public var highlight: MenuHighlight?
  /// Milliseconds with no key pressed after which the menu closes by itself,
  /// answered `{"cancelled":true,"reason":"timeout"}` (`timeout_ms`).
  public var timeoutMilliseconds: Int?
  /// Whose keys the menu follows (`keys`): `keymenu` (the default) or
  /// `dmenu` (``KeyProfile/dmenu``: a flat list, which may be empty, typed
  /// text filtering it as dmenu does).
  public var keys: KeyProfile?
  /// Under the `dmenu` keys, typed text matches without regard to ASCII
  /// case (`ignore_case`, dmenu's `-i`).
  public var ignoreCase: Bool?
  /// Under the `dmenu` keys, the items are a vertical list of this many
  /// lines (`list_height`, dmenu's `-l`); without it they are on one line,
  /// as dmenu without `-l`.
  public var listHeight: Int?
  /// Wakes the TV and switches it to this box while the modal is up
  /// (`wake_tv`, HDMI-CEC); nil: the configuration's `[cec] wake_tv`.
  public var wakeTV: Bool?
  /// Keys that answer the menu with their own name (`answer_keys`: `red`,
  /// `green`, `yellow`, `blue`, `info`, `context`, or any key name), with
  /// the item highlighted then: `{"key":"red",…}`.
  public var answerKeys: [String]?
  /// The devices whose keys the menu takes (`devices`, as `alert.show`'s);
  /// absent: every device.
  public var devices: [DeviceRuleParams]?

  enum CodingKeys: String, CodingKey {
    case answerKeys = "answer_keys"
    case devices
    case title, items, filter, more, highlight
    case timeoutMilliseconds = "timeout_ms"
    case keys
    case ignoreCase = "ignore_case"
    case listHeight = "list_height"
    case wakeTV = "wake_tv"
  }

  /// Creates params.
  public init(
    title: String, items: [MenuItemParams], filter: Bool? = nil, more: Bool? = nil,
    highlight: MenuHighlight? = nil, timeoutMilliseconds: Int? = nil, keys: KeyProfile? = nil,
    ignoreCase: Bool? = nil, listHeight: Int? = nil, wakeTV: Bool? = nil
  ) {
    self.title = title
    self.items = items
    self.filter = filter
    self.more = more
    self.highlight = highlight
    self.timeoutMilliseconds = timeoutMilliseconds
    self.keys = keys
    self.ignoreCase = ignoreCase
    self.listHeight = listHeight
    self.wakeTV = wakeTV
  }

  /// The most lines `list_height` takes (a menu's most items).
  public static let maximumListHeight = 65536

  /// The longest `timeout_ms` a menu takes: a day.
  public static let longestTimeoutMilliseconds = 86_400_000

  public func check() throws(RPCError) {
    try RequestLimits.title(title, field: "title")
    try MenuItemParams.check(items, field: "items")
    try DeviceRuleParams.check(devices, field: "devices")
    try highlight?.check(field: "highlight")
    try Self.check(timeoutMilliseconds: timeoutMilliseconds)
    try checkKeys()
    try Self.check(answerKeys: answerKeys)
  }

  /// The most `answer_keys` a menu or an alert takes.
  public static let maximumAnswerKeys = 32

  /// `-32602` for more than ``maximumAnswerKeys`` answer keys or a name
  /// that is not a short key name (which key it is, the daemon decides).
  static func check(answerKeys: [String]?) throws(RPCError) {
    guard let answerKeys else { return }
    guard answerKeys.count <= maximumAnswerKeys else {
      throw .invalidParams("more than \(maximumAnswerKeys) answer keys", field: "answer_keys")
    }
    for (index, name) in answerKeys.enumerated() {
      guard (1...40).contains(name.utf8.count),
        name.utf8.allSatisfy({
          $0 == 0x5f || (0x30...0x39).contains($0) || (0x41...0x5a).contains($0) || (0x61...0x7a).contains($0)
        })
      else {
        throw .invalidParams(
          "a key name such as red, KEY_F1 or f1 (letters, digits, _)", field: "answer_keys.[\(index)]")
      }
    }
  }

  /// `-32602` for keys a menu does not follow (whiptail's), and for
  /// `ignore_case` or `list_height` without the `dmenu` keys or out of range.
  private func checkKeys() throws(RPCError) {
    if keys == .whiptail {
      throw .invalidParams("a menu follows the keymenu or dmenu keys", field: "keys")
    }
    guard keys == .dmenu else {
      if ignoreCase != nil { throw .invalidParams("only with keys dmenu", field: "ignore_case") }
      if listHeight != nil { throw .invalidParams("only with keys dmenu", field: "list_height") }
      return
    }
    if highlight != nil { throw .invalidParams("not with keys dmenu", field: "highlight") }
    if let listHeight, !(1...Self.maximumListHeight).contains(listHeight) {
      throw .invalidParams("must be 1 to \(Self.maximumListHeight)", field: "list_height")
    }
  }

  /// `-32602` naming `timeout_ms` unless it is absent or 1 to
  /// ``longestTimeoutMilliseconds``.
  static func check(timeoutMilliseconds: Int?) throws(RPCError) {
    guard let timeout = timeoutMilliseconds else { return }
    guard (1...longestTimeoutMilliseconds).contains(timeout) else {
      throw .invalidParams(
        "must be 1 to \(longestTimeoutMilliseconds) milliseconds (a day)", field: "timeout_ms")
    }
  }

  /// What the menu costs the daemon while it is open (``HoldingCost``; the
  /// ledger adds the object itself).
  public var heldBytes: Int { HoldingCost.text(title) + MenuItemParams.heldBytes(items) }
}

/// `menu.append` params: more items for a menu opened with `more`.
public struct MenuAppendParams: CheckedParams, Equatable {
  /// The `menu.open` request's id.
  public var request: RPCID
  /// The items to add.
  public var items: [MenuItemParams]
  /// More parts follow; without it the menu opens.
  public var more: Bool?

  /// Creates params.
  public init(request: RPCID, items: [MenuItemParams], more: Bool? = nil) {
    self.request = request
    self.items = items
    self.more = more
  }

  public func check() throws(RPCError) {
    if case .string(let text) = request { try RequestLimits.shown(text, field: "request") }
    try MenuItemParams.check(items, field: "items")
  }

  /// What these items add to the menu's cost (``HoldingCost``).
  public var heldBytes: Int { MenuItemParams.heldBytes(items) }
}

/// `menu.define` params: a named menu the connection owns.
public struct MenuDefineParams: CheckedParams, Equatable {
  /// The name `menu.show` opens it by.
  public var name: String
  /// The menu's title.
  public var title: String
  /// Its items, in order.
  public var items: [MenuItemParams]
  /// Typed letters filter the items.
  public var filter: Bool?

  /// Creates params.
  public init(name: String, title: String, items: [MenuItemParams], filter: Bool? = nil) {
    self.name = name
    self.title = title
    self.items = items
    self.filter = filter
  }

  public func check() throws(RPCError) {
    try RequestLimits.shown(name, field: "name")
    try RequestLimits.title(title, field: "title")
    try MenuItemParams.check(items, field: "items")
  }

  /// Bytes of text the defined menu keeps.
  public var heldBytes: Int {
    HoldingCost.text(name) + HoldingCost.text(title) + MenuItemParams.heldBytes(items)
  }
}

/// `menu.show` params: a defined or configured menu's name, and how this
/// instance opens.
public struct MenuShowParams: CheckedParams, Equatable {
  /// The menu's name.
  public var name: String
  /// The item highlighted first (``MenuHighlight``), in place of the menu's own.
  public var highlight: MenuHighlight?
  /// As `menu.open`'s `timeout_ms`.
  public var timeoutMilliseconds: Int?
  /// As `menu.open`'s `wake_tv`.
  public var wakeTV: Bool?
  /// As `menu.open`'s `answer_keys`, for this instance.
  public var answerKeys: [String]?
  /// As `menu.open`'s `devices`, for this instance.
  public var devices: [DeviceRuleParams]?

  enum CodingKeys: String, CodingKey {
    case answerKeys = "answer_keys"
    case devices
    case name, highlight
    case timeoutMilliseconds = "timeout_ms"
    case wakeTV = "wake_tv"
  }

  /// Creates params.
  public init(
    name: String, highlight: MenuHighlight? = nil, timeoutMilliseconds: Int? = nil, wakeTV: Bool? = nil
  ) {
    self.name = name
    self.highlight = highlight
    self.timeoutMilliseconds = timeoutMilliseconds
    self.wakeTV = wakeTV
  }

  public func check() throws(RPCError) {
    try RequestLimits.shown(name, field: "name")
    try highlight?.check(field: "highlight")
    try MenuOpenParams.check(timeoutMilliseconds: timeoutMilliseconds)
    try MenuOpenParams.check(answerKeys: answerKeys)
    try DeviceRuleParams.check(devices, field: "devices")
  }
}

/// `menu.remove` params (and `menu.show`'s without options): a defined or
/// configured menu's name.
public struct MenuNameParams: CheckedParams, Equatable {
  /// The menu's name.
  public var name: String

  /// Creates params.
  public init(name: String) { self.name = name }

  public func check() throws(RPCError) { try RequestLimits.shown(name, field: "name") }
}
