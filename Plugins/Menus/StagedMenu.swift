import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuProtocol

/// A `menu.open` with `more`: its title and the items received so far,
/// built as they came (their selectors registered), and the answer of the
/// request that opened it. It counts as a waiting request.
struct StagedMenu: Sendable {
  var title: String
  var filter: Bool
  /// The `menu.open` request's `highlight`, `timeout_ms` and `wake_tv`, for when it opens.
  var highlight: MenuHighlight?
  var timeoutMilliseconds: Int?
  var wakeTV: Bool?
  /// The request's `answer_keys`, resolved.
  var answerKeys: [KeyCode: String]
  /// The request's `devices`.
  var devices: [DeviceRuleParams]?
  /// dmenu's keys (`keys: dmenu`): the items are a flat list, which may be empty.
  var dmenu: DmenuStyle?
  /// Whose its items' selectors are (the caller's).
  var owner: SelectorOwner
  /// Top-level entries, separators as nil.
  var entries: [MenuItem?] = []
  var selectors: [Selector] = []
  /// Items at every level so far.
  var count = 0
  /// Bytes of text held (the daemon's holding for the request).
  var bytes = 0
  /// Answers the `menu.open` request when the menu closes.
  var reply: MethodReply
}
