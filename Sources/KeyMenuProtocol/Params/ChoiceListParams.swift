/// `checklist.show`, `radiolist.show` and `picklist.show` params: the
/// question, the items to mark (or pick one of) and the buttons.
public struct ChoiceListShowParams: CheckedParams, Equatable {
  /// The question asked.
  public var title: String
  /// Text under the title; it may hold line breaks.
  public var message: String?
  /// The items, in order (1 to ``maximumItems``).
  public var items: [ChoiceItemParams]
  /// The item highlighted at first (0-based; the first when absent).
  public var highlight: Int?
  /// Whether the items' tags are shown before their texts (`show_tags`,
  /// default true; whiptail's `--notags` is false). The answer has the
  /// tags either way.
  public var showTags: Bool?
  /// The OK button's title (`ok`, default `OK`).
  public var okTitle: String?
  /// The Cancel button's title (`cancel`, default `Cancel`).
  public var cancelTitle: String?
  /// No Cancel button (`no_cancel`; Esc still cancels).
  public var noCancel: Bool?
  /// Whose keys the list follows (`keys`, default `keymenu`).
  public var keys: KeyProfile?
  /// How many items are shown at once (`list_height`): how far Page Up and
  /// Page Down move under the `whiptail` and `dialog` keys (whiptail's list
  /// height, dialog's rows shown).
  public var listHeight: Int?
  /// Ends the list with reason `timeout` when no key came for this long
  /// (`timeout_ms`, 1 ms to a day; restarted by each key, as dialog's
  /// `--timeout`). None when absent.
  public var timeoutMilliseconds: Int?

  /// The most items a list takes.
  public static let maximumItems = 4096

  enum CodingKeys: String, CodingKey {
    case title, message, items, highlight
    case showTags = "show_tags"
    case okTitle = "ok"
    case cancelTitle = "cancel"
    case noCancel = "no_cancel"
    case keys
    case listHeight = "list_height"
    case timeoutMilliseconds = "timeout_ms"
  }

  /// Creates params.
  public init(
    title: String, message: String? = nil, items: [ChoiceItemParams], highlight: Int? = nil,
    showTags: Bool? = nil, okTitle: String? = nil, cancelTitle: String? = nil, noCancel: Bool? = nil,
    keys: KeyProfile? = nil, listHeight: Int? = nil, timeoutMilliseconds: Int? = nil
  ) {
    self.title = title
    self.message = message
    self.items = items
    self.highlight = highlight
    self.showTags = showTags
    self.okTitle = okTitle
    self.cancelTitle = cancelTitle
    self.noCancel = noCancel
    self.keys = keys
    self.listHeight = listHeight
    self.timeoutMilliseconds = timeoutMilliseconds
  }

  public func check() throws(RPCError) {
    try KeyProfile.checkNotDmenu(keys)
    try RequestLimits.title(title, field: "title")
    if let message { try RequestLimits.message(message, field: "message") }
    guard (1...Self.maximumItems).contains(items.count) else {
      throw .invalidParams("must have 1 to \(Self.maximumItems) items", field: "items")
    }
    for (index, item) in items.enumerated() { try item.check(field: "items.[\(index)]") }
    if let highlight, !items.indices.contains(highlight) {
      throw .invalidParams("must be an item's index, 0 to \(items.count - 1)", field: "highlight")
    }
    if let okTitle { try RequestLimits.title(okTitle, field: "ok") }
    if let cancelTitle { try RequestLimits.title(cancelTitle, field: "cancel") }
    if let listHeight, !(1...Self.maximumItems).contains(listHeight) {
      throw .invalidParams("must be 1 to \(Self.maximumItems)", field: "list_height")
    }
    try MenuOpenParams.check(timeoutMilliseconds: timeoutMilliseconds)
  }

  /// What `radiolist.show` checks besides ``check()``: at most one item is
  /// marked (`-32602` naming the second marked item's `marked`).
  public func checkOneMarked() throws(RPCError) {
    let marked = items.indices.filter { items[$0].marked == true }
    if marked.count > 1 {
      throw .invalidParams(
        "a radiolist marks at most one item (items.[\(marked[0])] is marked already)",
        field: "items.[\(marked[1])].marked")
    }
  }

  /// The buttons' titles: OK's, then Cancel's unless ``noCancel``.
  public var buttons: [String] {
    let ok = okTitle ?? "OK"
    return noCancel == true ? [ok] : [ok, cancelTitle ?? "Cancel"]
  }

  /// What the list costs the daemon while it waits (``HoldingCost``; the
  /// ledger adds the object itself): its texts and each item.
  public var heldBytes: Int {
    HoldingCost.text(title) + HoldingCost.text(message) + HoldingCost.text(okTitle)
      + HoldingCost.text(cancelTitle)
      + items.reduce(0) { $0 + HoldingCost.item + HoldingCost.text($1.text) + HoldingCost.text($1.tag) }
  }
}

/// One item of a checklist or radiolist: `{"tag":"ssh","text":"Secure shell","marked":true}`.
public struct ChoiceItemParams: Codable, Sendable, Equatable {
  /// A short name shown before the text and answered in `tags` (whiptail's
  /// tag); without it the text is answered.
  public var tag: String?
  /// What the item says.
  public var text: String
  /// Marked at first (checked, or the radio choice).
  public var marked: Bool?

  /// Creates an item.
  public init(tag: String? = nil, text: String, marked: Bool? = nil) {
    self.tag = tag
    self.text = text
    self.marked = marked
  }

  /// What the answer names the item by: its tag, else its text.
  public var answerName: String { tag ?? text }

  /// Checks the item's texts (at `field`, such as `items.[2]`).
  public func check(field: String) throws(RPCError) {
    if let tag { try RequestLimits.title(tag, field: field + ".tag") }
    try RequestLimits.title(text, field: field + ".text")
  }
}
