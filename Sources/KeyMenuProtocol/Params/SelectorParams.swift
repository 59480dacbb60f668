/// `selector.invoke` params.
public struct SelectorParams: CheckedParams, Equatable {
  /// The selector, or a configured item's stable name.
  public var selector: String

  /// Creates params.
  public init(selector: String) { self.selector = selector }

  public func check() throws(RPCError) { try RequestLimits.shown(selector, field: "selector") }
}

/// `selector.wrap` params (external plugins).
public struct WrapParams: CheckedParams, Equatable {
  /// The selector to wrap.
  public var selector: String
  /// `before`, `after` or `replace`.
  public var mode: String

  /// Creates params.
  public init(selector: String, mode: String) {
    self.selector = selector
    self.mode = mode
  }

  public func check() throws(RPCError) {
    try RequestLimits.shown(selector, field: "selector")
    try RequestLimits.shown(mode, field: "mode")
  }
}

/// `selector.unwrap` / `selector.original` params: one of the plugin's wrappers.
public struct WrapperParams: CheckedParams, Equatable {
  /// The number `selector.wrap` answered.
  public var wrapper: Int

  /// Creates params.
  public init(wrapper: Int) { self.wrapper = wrapper }

  /// A number only: nothing to show.
  public func check() throws(RPCError) {}
}

/// `events.subscribe` params.
public struct SubscribeParams: CheckedParams, Equatable {
  /// The topics to add (`alert`, `menu`, `selector`, `device`, `config`, `keys`).
  public var topics: [String]

  /// Creates params.
  public init(topics: [String]) { self.topics = topics }

  public func check() throws(RPCError) {
    for (index, topic) in topics.enumerated() { try RequestLimits.shown(topic, field: "topics.[\(index)]") }
  }
}
