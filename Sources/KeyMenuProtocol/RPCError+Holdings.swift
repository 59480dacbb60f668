extension RPCError {
  /// `-32007`: `who` (a connection, a uid, the daemon) already has `held`
  /// alerts and menus waiting for a person's answer, `bound` at most within
  /// `scope` (`per uid`, `in all`; nil for a connection's own bound).
  public static func waitingLimitReached(_ who: String, held: Int, bound: Int, scope: String?) -> RPCError {
    .limitReached(
      "\(who) already has \(held) alerts and menus waiting for answers (at most \(bound)\(scope.map { " \($0)" } ?? ""))"
    )
  }

  /// `-32007`: `who` already defines `held` menus, `bound` at most within `scope`.
  public static func definedLimitReached(_ who: String, held: Int, bound: Int, scope: String) -> RPCError {
    .limitReached("\(who) already defines \(held) menus (at most \(bound) \(scope))")
  }
}
