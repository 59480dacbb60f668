public import KeyMenuCore
public import KeyMenuProtocol

/// A modal question with buttons, as a script or plugin describes it.
public struct Alert: Hashable, Sendable, Codable {
  /// The question.
  public var title: String
  /// More detail, if any.
  public var message: String?
  /// Button titles, left to right; at least one.
  public var buttons: [String]
  /// The button Esc, Back and Exit pick; without one those keys do nothing.
  public var cancel: Int?
  /// The button focused at first; the last button unless set.
  public var defaultButton: Int
  /// How long the alert waits before answering with reason `timeout`.
  public var timeout: Duration?
  /// Whose keys it follows; nil is keymenu's.
  public var keys: KeyProfile?
  /// Whether it wakes the TV and takes its input (HDMI-CEC) while it is up;
  /// nil: as the daemon's configuration says (`[cec] wake_tv`).
  public var wakeTV: Bool?
  /// Keys that answer the alert with their own name (a remote's colour
  /// keys), no button chosen: reason ``AlertAnswer/Reason/answerKey``.
  public var answerKeys: [KeyCode: String] = [:]
  /// The devices whose keys it takes ("ask the remote, not the keyboard");
  /// every other device's keys pass it by, to hotkeys. Empty: every device.
  /// A client's `modal.press` always reaches it. Matched by the daemon's
  /// ``DeviceFilter``.
  public var devices: [DeviceRuleParams] = []

  /// Creates an alert; out-of-range indexes are clamped or dropped, and an
  /// empty button list becomes `["OK"]`.
  public init(
    title: String, message: String? = nil, buttons: [String] = ["OK"], cancel: Int? = nil,
    defaultButton: Int? = nil, timeout: Duration? = nil, keys: KeyProfile? = nil, wakeTV: Bool? = nil
  ) {
    let buttons = buttons.isEmpty ? ["OK"] : buttons
    self.title = title
    self.message = message
    self.buttons = buttons
    self.cancel = cancel.flatMap { buttons.indices.contains($0) ? $0 : nil }
    self.defaultButton = min(max(defaultButton ?? buttons.count - 1, 0), buttons.count - 1)
    self.timeout = timeout
    self.keys = keys
    self.wakeTV = wakeTV
  }
}

/// How an alert was answered.
public struct AlertAnswer: Hashable, Sendable, Codable {
  /// Why it ended.
  public enum Reason: String, Hashable, Sendable, Codable {
    /// A person chose a button with a key: Enter on the focused one, a digit,
    /// a letter.
    case key
    /// A person pressed Esc, Back or Exit: the cancel button is chosen (told
    /// apart from choosing it with Enter, as dialog and whiptail tell Esc
    /// from No).
    case escape
    /// The timeout passed (the cancel button is chosen if there is one).
    case timeout
    /// Its owner dismissed it, or the daemon is shutting down; no button.
    case dismissed
    /// A person chose a button through a presenter rather than a key (a click
    /// on a desktop notification's action).
    case action
    /// A person pressed one of its answer keys (``Alert/answerKeys``): no
    /// button, the key's name in ``AlertAnswer/key``.
    case answerKey = "answer_key"
  }

  /// The chosen button's index, or nil when none was chosen.
  public var button: Int?
  /// The chosen button's title.
  public var title: String?
  /// Why it ended.
  public var reason: Reason
  /// The answer key's name, for reason ``Reason/answerKey``.
  public var key: String?
  /// The device whose key gave the answer (as `devices.list` numbers it);
  /// nil when no device's key did (a timeout, a dismissal, a presenter's
  /// action, a client's `modal.press`).
  public var device: Int?

  /// Creates an answer.
  public init(button: Int?, title: String?, reason: Reason, key: String? = nil, device: Int? = nil) {
    self.button = button
    self.title = title
    self.reason = reason
    self.key = key
    self.device = device
  }
}
