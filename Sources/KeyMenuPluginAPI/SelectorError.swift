/// Why invoking or wrapping a selector failed.
public struct SelectorError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A stable code.
  public enum Code: String, Hashable, Sendable, Codable {
    /// No selector with this name was ever registered.
    case unknownSelector = "unknown-selector"
    /// The selector existed and was removed.
    case removedSelector = "removed-selector"
    /// The action threw; the error was caught and routing went on.
    case actionFailed = "action-failed"
    /// Not run: the selector's action is already running in the chain of
    /// invocations that asked for it (an item that invokes itself, or a
    /// invokes b invokes a), or the chain is too deep.
    case invokeCycle = "invoke-cycle"
  }

  /// The stable code.
  public var code: Code
  /// The selector concerned.
  public var selector: Selector
  /// A sentence a person can act on.
  public var message: String

  /// Creates an error.
  public init(code: Code, selector: Selector, message: String) {
    self.code = code
    self.selector = selector
    self.message = message
  }

  public var description: String { message }

  /// No selector with this name was ever registered.
  public static func unknown(_ selector: Selector) -> SelectorError {
    SelectorError(code: .unknownSelector, selector: selector, message: "no selector named \(selector)")
  }

  /// The selector was removed.
  public static func removed(_ selector: Selector) -> SelectorError {
    SelectorError(
      code: .removedSelector, selector: selector,
      message: "selector \(selector) was removed (its owner went away or removed it)")
  }

  /// `selector` was not run: its action is already running in `chain`
  /// (the selectors that led to this invoke, outermost first, by the names
  /// to show), or `chain` is as deep as the registry allows.
  public static func cycle(_ selector: Selector, chain: [Selector], tooDeep: Bool = false) -> SelectorError {
    let path = (chain + [selector]).map(\.rawValue).joined(separator: " -> ")
    let why =
      tooDeep
      ? "the chain of invokes is \(chain.count) selectors deep already"
      : "it is already running in this chain of invokes"
    return SelectorError(
      code: .invokeCycle, selector: selector, message: "not invoking \(selector): \(why) (\(path))")
  }

  /// The action threw `error`.
  public static func failed(_ selector: Selector, _ error: any Error) -> SelectorError {
    SelectorError(
      code: .actionFailed, selector: selector, message: "the action of \(selector) failed: \(error)")
  }
}
