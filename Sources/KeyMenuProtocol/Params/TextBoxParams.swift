/// `textbox.show` params: long text to read, scrolled, closed with Enter.
public struct TextBoxShowParams: CheckedParams, Equatable {
  /// The heading.
  public var title: String
  /// The text; lines are split at its line breaks (a tab is refused:
  /// expand tabs before sending).
  public var text: String
  /// Lines Page Up and Page Down move (`page_lines`, 1 to 100, default 10).
  public var pageLines: Int?
  /// The button's title (`button`, default `OK`).
  public var button: String?
  /// The text takes the focus first (`text_focus`, whiptail's
  /// `--scrolltext`): Enter and Space do nothing there (Home and End
  /// neither), Tab goes to the button and back; F12 closes it. Default
  /// false: the button has the focus.
  public var textFocus: Bool?

  /// The most bytes of text a text box takes (its request line is 64 KiB).
  public static let maximumTextBytes = 60 * 1024

  enum CodingKeys: String, CodingKey {
    case title, text, button
    case pageLines = "page_lines"
    case textFocus = "text_focus"
  }

  /// Creates params.
  public init(
    title: String, text: String, pageLines: Int? = nil, button: String? = nil, textFocus: Bool? = nil
  ) {
    self.title = title
    self.text = text
    self.pageLines = pageLines
    self.button = button
    self.textFocus = textFocus
  }

  public func check() throws(RPCError) {
    try RequestLimits.title(title, field: "title")
    guard text.utf8.count <= Self.maximumTextBytes else {
      throw .invalidParams("longer than \(Self.maximumTextBytes) bytes", field: "text")
    }
    try RequestLimits.shown(text, field: "text", allowingNewlines: true)
    if let pageLines, !(1...100).contains(pageLines) {
      throw .invalidParams("must be 1 to 100", field: "page_lines")
    }
    if let button { try RequestLimits.title(button, field: "button") }
  }

  /// What the box costs the daemon while it is read (``HoldingCost``; the
  /// ledger adds the object itself): its texts, and each line its own string.
  public var heldBytes: Int {
    HoldingCost.text(title) + HoldingCost.text(text) + HoldingCost.text(button)
      + (text.utf8.count { $0 == 0x0A } + 1) * HoldingCost.line
  }
}

/// `infobox.show` params: a message that needs no answer.
public struct InfoBoxShowParams: CheckedParams, Equatable {
  /// The heading.
  public var title: String
  /// The message; it may hold line breaks.
  public var message: String?
  /// Seconds after which it goes by itself (1 to 86400; default: it stays
  /// until the next modal or `infobox.dismiss`).
  public var timeout: Double?

  /// Creates params.
  public init(title: String, message: String? = nil, timeout: Double? = nil) {
    self.title = title
    self.message = message
    self.timeout = timeout
  }

  public func check() throws(RPCError) {
    try RequestLimits.title(title, field: "title")
    if let message { try RequestLimits.message(message, field: "message") }
    if let timeout, !(1...86_400).contains(timeout) {
      throw .invalidParams("must be 1 to 86400 seconds", field: "timeout")
    }
  }
}
