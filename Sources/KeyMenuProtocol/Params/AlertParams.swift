/// `alert.show` params: the question, its buttons and how it may end.
public struct AlertShowParams: CheckedParams, Equatable {
  /// The question asked.
  public var title: String
  /// Text under the title; it may hold line breaks.
  public var message: String?
  /// The buttons in order; absent or empty is one `OK`.
  public var buttons: [String]?
  /// The button Esc (and Back, Exit) answers; without it Esc does nothing.
  public var cancel: Int?
  /// The button focused at first, which Enter answers (`default`; the last one when absent).
  public var defaultButton: Int?
  /// Milliseconds after which the alert answers `timeout` (`timeout_ms`).
  public var timeoutMilliseconds: Int?
  /// Whose keys the alert follows (`keys`, default `keymenu`).
  public var keys: KeyProfile?
  /// Wakes the TV and switches it to this box while the modal is up
  /// (`wake_tv`, HDMI-CEC); nil: the configuration's `[cec] wake_tv`.
  public var wakeTV: Bool?
  /// Keys that answer the alert with their own name (`answer_keys`), no
  /// button: `{"button":null,"key":"red","reason":"answer_key",…}`.
  public var answerKeys: [String]?
  /// The devices whose keys the alert takes (`devices`); the keys of every
  /// other device pass it by. Absent: every device.
  public var devices: [DeviceRuleParams]?

  enum CodingKeys: String, CodingKey {
    case answerKeys = "answer_keys"
    case devices
    case title, message, buttons, cancel
    case defaultButton = "default"
    case timeoutMilliseconds = "timeout_ms"
    case keys
    case wakeTV = "wake_tv"
  }

  /// Creates params.
  public init(
    title: String, message: String? = nil, buttons: [String]? = nil, cancel: Int? = nil,
    defaultButton: Int? = nil, timeoutMilliseconds: Int? = nil, keys: KeyProfile? = nil, wakeTV: Bool? = nil
  ) {
    self.title = title
    self.message = message
    self.buttons = buttons
    self.cancel = cancel
    self.defaultButton = defaultButton
    self.timeoutMilliseconds = timeoutMilliseconds
    self.keys = keys
    self.wakeTV = wakeTV
  }

  public func check() throws(RPCError) {
    try KeyProfile.checkNotDmenu(keys)
    try MenuOpenParams.check(answerKeys: answerKeys)
    try DeviceRuleParams.check(devices, field: "devices")
    try RequestLimits.title(title, field: "title")
    if let message { try RequestLimits.message(message, field: "message") }
    if let buttons {
      guard buttons.count <= ProtocolLimits.maximumButtons else {
        throw .invalidParams("more than \(ProtocolLimits.maximumButtons) buttons", field: "buttons")
      }
      for (index, button) in buttons.enumerated() {
        try RequestLimits.title(button, field: "buttons.[\(index)]")
      }
    }
  }

  /// What the alert costs the daemon while it waits (``HoldingCost``; the
  /// ledger adds the object itself): its texts and each button.
  public var heldBytes: Int {
    HoldingCost.text(title) + HoldingCost.text(message)
      + (buttons ?? []).reduce(0) { $0 + HoldingCost.item + HoldingCost.text($1) }
      + (devices ?? []).reduce(0) { total, rule in
        total + HoldingCost.item + HoldingCost.text(rule.name) + HoldingCost.text(rule.phys)
      }
  }
}

/// `alert.dismiss` / `menu.close` params: the request that showed it, or its id.
public struct DismissParams: CheckedParams, Equatable {
  /// The id of the request that showed the alert or opened the menu.
  public var request: RPCID?
  /// The alert's or menu's id (as `state.get` shows it).
  public var id: String?

  /// Creates params.
  public init(request: RPCID? = nil, id: String? = nil) {
    self.request = request
    self.id = id
  }

  public func check() throws(RPCError) {
    if case .string(let text)? = request { try RequestLimits.shown(text, field: "request") }
    if let id { try RequestLimits.shown(id, field: "id") }
  }
}
