/// The result of `selector.invoke` and `selector.original`: `{"invoked":…}`.
public struct SelectorInvokeResult: Codable, Sendable, Hashable {
  /// The selector that ran.
  public var invoked: String

  /// Creates a result.
  public init(invoked: String) { self.invoked = invoked }
}

/// `selector.wrap`'s result: the wrapper's number, the selector, the mode.
public struct SelectorWrapResult: Codable, Sendable, Hashable {
  /// The number `selector.unwrap` and `selector.original` take.
  public var wrapper: Int
  /// The wrapped selector.
  public var selector: String
  /// `before`, `after` or `replace`.
  public var mode: String

  /// In the order of the keys on the wire (sorted): the synthesized
  /// `encode(to:)` writes them in this order (``OrderedJSONEncoder``).
  enum CodingKeys: String, CodingKey { case mode, selector, wrapper }

  /// Creates a result.
  public init(wrapper: Int, selector: String, mode: String) {
    self.wrapper = wrapper
    self.selector = selector
    self.mode = mode
  }
}

/// `selector.unwrap`'s result: `{"unwrapped":2}`.
public struct SelectorUnwrapResult: Codable, Sendable, Hashable {
  /// The removed wrapper's number.
  public var unwrapped: Int

  /// Creates a result.
  public init(unwrapped: Int) { self.unwrapped = unwrapped }
}

/// The `data` of `-32005` (a selector's action failed): `{"selector":…,"code":…}`.
public struct ActionFailedData: Codable, Sendable, Hashable {
  /// The selector.
  public var selector: String
  /// A stable word for why.
  public var code: String

  /// In the order of the keys on the wire (sorted): the synthesized
  /// `encode(to:)` writes them in this order (``OrderedJSONEncoder``).
  enum CodingKeys: String, CodingKey { case code, selector }

  /// Creates the data.
  public init(selector: String, code: String) {
    self.selector = selector
    self.code = code
  }
}
