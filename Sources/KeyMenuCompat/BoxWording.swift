import KeyMenuCore
import KeyMenuProtocol

/// The words a box shows, made fit for keymenu's requests: a title (the
/// question), a message under it, button labels. whiptail draws `--title`
/// on the frame and the text inside; keymenu's alerts and prompts have a
/// title and a message, so `--title` is the title and the text the
/// message, and without `--title` the text's first line is the title and
/// the rest the message. Text from the script is untrusted: control and
/// bidi-override characters are shown as pictures (``ShownText``), and
/// each piece is cut to the protocol's limits, so the daemon never refuses
/// a box for its text.
struct BoxWording {
  /// The title.
  var title: String
  /// The message (nil when empty).
  var message: String?

  /// The wording of a box with `text` (its `\n` expanded) under `options`;
  /// `fallbackTitle` when there is neither a `--title` nor a text.
  init(text: String, options: DialogOptions, fallbackTitle: String) {
    let expanded = DialogText.expandingNewlines(text)
    if let given = options.title, !given.isEmpty {
      title = Self.title(given)
      message = Self.message(expanded)
    } else {
      let lines = expanded.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
      let first = lines.first.map(String.init) ?? ""
      title = first.isEmpty ? fallbackTitle : Self.title(first)
      message = lines.count > 1 ? Self.message(String(lines[1])) : nil
    }
  }

  /// A line of text for a title, item or label: one line, shown safely,
  /// within ``ProtocolLimits/maximumTitleBytes``.
  static func title(_ text: String) -> String {
    RequestLimits.clipped(ShownText.visible(text), toBytes: ProtocolLimits.maximumTitleBytes)
  }

  /// All of a box's `text` (its `\n` expanded) as one title, each run of
  /// white space (line breaks too) one space. A menu has no message, and
  /// debconf puts the question itself on a select's last line, after its
  /// explanation.
  static func oneLine(_ text: String) -> String {
    title(DialogText.expandingNewlines(text).split(whereSeparator: \.isWhitespace).joined(separator: " "))
  }

  /// A message: line breaks kept, shown safely, within
  /// ``ProtocolLimits/maximumMessageBytes``; nil when empty.
  static func message(_ text: String) -> String? {
    let shown = RequestLimits.clipped(
      ShownText.visible(text, keepingNewlines: true), toBytes: ProtocolLimits.maximumMessageBytes)
    return shown.isEmpty ? nil : shown
  }

}
