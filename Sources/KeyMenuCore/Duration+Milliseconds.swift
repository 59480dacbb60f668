extension Duration {
  /// The whole milliseconds in the duration, rounded toward zero, as logs,
  /// timeouts and uptimes give them.
  public var wholeMilliseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1000 + attoseconds / 1_000_000_000_000_000
  }
}
