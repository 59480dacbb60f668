/// The params of `menu.picked`, sent only to the connection whose
/// `menu.open` request opened the menu: an answer given while the menu
/// stays open (under the `dmenu` keys, Ctrl+Return), before the request's
/// own answer when the menu closes.
/// `{"request":7,"answer":{"path":[],"selector":…,"title":…}}`.
public struct MenuPickedNotice: Codable, Sendable, Hashable {
  /// The notification's method name.
  public static let method = "menu.picked"

  /// What was picked: an item (``MenuOpenResult/chose(selector:title:path:value:)``)
  /// or the text typed (``MenuOpenResult/typed(_:)``).
  public var answer: MenuOpenResult
  /// The id of the `menu.open` request that opened the menu.
  public var request: RPCID

  /// In the order of the keys on the wire (sorted): the synthesized
  /// `encode(to:)` writes them in this order (``OrderedJSONEncoder``).
  enum CodingKeys: String, CodingKey { case answer, request }

  /// Creates a notice.
  public init(request: RPCID, answer: MenuOpenResult) {
    self.request = request
    self.answer = answer
  }
}
