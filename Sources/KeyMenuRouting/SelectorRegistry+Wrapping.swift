public import KeyMenuPluginAPI

extension SelectorRegistry {
  /// Wraps a selector's action: `wrapper` runs instead of it and may call the
  /// original (the action with the older wrappers) before, after, or not at all.
  /// Removing the wrapper, or everything its owner registered, restores the
  /// previous behaviour.
  public func wrap(
    _ selector: Selector, owner: SelectorOwner, with wrapper: @escaping Wrapper
  ) throws(SelectorError) -> WrapperToken {
    guard state.registrations[selector] != nil else {
      throw wasIssued(selector) ? .removed(selector) : .unknown(selector)
    }
    let token = WrapperToken(id: state.nextWrapperID, selector: selector)
    state.nextWrapperID += 1
    state.registrations[selector]?.wrappers.append((token, owner, wrapper))
    state.wrappedBy[owner, default: []].insert(selector)
    return token
  }

  /// Runs `body` before the action.
  public func wrapBefore(
    _ selector: Selector, owner: SelectorOwner, _ body: @escaping Action
  ) throws(SelectorError) -> WrapperToken {
    try wrap(selector, owner: owner) { invocation, original in
      try body(invocation)
      try original()
    }
  }

  /// Runs `body` after the action (not when the action threw).
  public func wrapAfter(
    _ selector: Selector, owner: SelectorOwner, _ body: @escaping Action
  ) throws(SelectorError) -> WrapperToken {
    try wrap(selector, owner: owner) { invocation, original in
      try original()
      try body(invocation)
    }
  }

  /// Removes one wrapper; returns whether it was registered.
  @discardableResult
  public func unwrap(_ token: WrapperToken) -> Bool {
    guard let index = state.registrations[token.selector]?.wrappers.firstIndex(where: { $0.token == token })
    else { return false }
    state.registrations[token.selector]?.wrappers.remove(at: index)
    return true
  }
}
