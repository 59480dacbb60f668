/// `modal.tap` params: a tap or click on the modal in front, as a
/// presenter on a touch screen or under a pointer saw it: its `id`, and
/// one of `item` (a menu item or a choice, by its index in the whole list
/// as the picture counts it: `offset` included), `button` (by index) or
/// `scroll` (rows to move: negative up, as a wheel or a swipe).
public struct ModalTapParams: CheckedParams, Equatable {
  /// The modal's id, as the picture the presenter drew carries it.
  public var id: String
  /// The item or choice tapped.
  public var item: Int?
  /// The button tapped.
  public var button: Int?
  /// Rows to scroll by (a wheel's notches, a swipe).
  public var scroll: Int?

  /// The most rows one tap scrolls.
  public static let longestScroll = 100

  /// Creates params.
  public init(id: String, item: Int? = nil, button: Int? = nil, scroll: Int? = nil) {
    self.id = id
    self.item = item
    self.button = button
    self.scroll = scroll
  }

  public func check() throws(RPCError) {
    guard !id.isEmpty, id.utf8.count <= 64 else { throw .invalidParams("must be a modal's id", field: "id") }
    try RequestLimits.shown(id, field: "id")
    let given = [item, button, scroll].compactMap { $0 }.count
    guard given == 1 else { throw .invalidParams("give one of item, button or scroll", field: "item") }
    if let item, item < 0 { throw .invalidParams("must be 0 or more", field: "item") }
    if let button, button < 0 { throw .invalidParams("must be 0 or more", field: "button") }
    if let scroll, scroll == 0 || abs(scroll) > Self.longestScroll {
      throw .invalidParams("must be -\(Self.longestScroll) to \(Self.longestScroll), not 0", field: "scroll")
    }
  }
}
