/// `gauge.show` params: a progress bar with text, which its client updates
/// (`gauge.update`) and closes (`gauge.close`).
public struct GaugeShowParams: CheckedParams, Equatable {
  /// The heading.
  public var title: String
  /// Text over the bar; it may hold line breaks.
  public var message: String?
  /// The progress to start at, 0 to 100 (default 0).
  public var percent: Int?
  /// Whether Esc (Back, Exit) may end it (`cancellable`, default false).
  public var cancellable: Bool?

  /// Creates params.
  public init(title: String, message: String? = nil, percent: Int? = nil, cancellable: Bool? = nil) {
    self.title = title
    self.message = message
    self.percent = percent
    self.cancellable = cancellable
  }

  public func check() throws(RPCError) {
    try RequestLimits.title(title, field: "title")
    if let message { try RequestLimits.message(message, field: "message") }
    if let percent { try GaugeUpdateParams.check(percent: percent) }
  }

  /// What the gauge costs the daemon while it waits (``HoldingCost``; the
  /// ledger adds the object itself); a message it is given later may be as
  /// long as ``RequestLimits``' message, which the object covers.
  public var heldBytes: Int { HoldingCost.text(title) + HoldingCost.text(message) }
}

/// `gauge.update` params: the gauge (by the request that showed it, or its
/// id) and what changes: its percent, its message, or both.
public struct GaugeUpdateParams: CheckedParams, Equatable {
  /// The id of the request that showed the gauge.
  public var request: RPCID?
  /// The gauge's id.
  public var id: String?
  /// The new progress, 0 to 100.
  public var percent: Int?
  /// The new text over the bar.
  public var message: String?

  /// Creates params.
  public init(request: RPCID? = nil, id: String? = nil, percent: Int? = nil, message: String? = nil) {
    self.request = request
    self.id = id
    self.percent = percent
    self.message = message
  }

  /// The gauge it names, as `gauge.close` and `*.dismiss` name theirs.
  public var target: DismissParams { DismissParams(request: request, id: id) }

  public func check() throws(RPCError) {
    try target.check()
    if let percent { try Self.check(percent: percent) }
    if let message { try RequestLimits.message(message, field: "message") }
    if percent == nil, message == nil {
      throw .invalidParams("give percent, message or both", field: "percent")
    }
  }

  /// `-32602` naming `percent` when it is outside 0 to 100.
  static func check(percent: Int) throws(RPCError) {
    guard (0...100).contains(percent) else { throw .invalidParams("must be 0 to 100", field: "percent") }
  }
}
