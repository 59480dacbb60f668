/// A keyboard layout named the XKB way: rules, model, layout, variant,
/// options (RMLVO), as `setxkbmap`, `localectl` and Debian's
/// `/etc/default/keyboard` name it.
///
/// A plain value with no C in it, so that the configuration and the daemon
/// can carry one without linking libxkbcommon; `KeyMenuLayout` compiles it.
/// A field that is nil (or empty) takes xkbcommon's default: rules `evdev`,
/// model `pc105`, layout `us`, no variant, no options.
///
/// Several layouts are written comma-separated with one variant each
/// (`layout: "us,ru"`, `variant: ",phonetic"`); options are comma-separated
/// too (`"compose:ralt,caps:escape"`).
public struct KeyboardLayoutSpec: Hashable, Sendable, CustomStringConvertible {
  /// The rules file, such as `evdev`; nil for the default.
  public var rules: String?
  /// The keyboard model, such as `pc105`; nil for the default.
  public var model: String?
  /// The layout, such as `de`, or several comma-separated; nil for `us`.
  public var layout: String?
  /// The layout's variant, such as `nodeadkeys`; nil for the basic one.
  public var variant: String?
  /// Comma-separated XKB options, such as `compose:ralt`; nil for none.
  public var options: String?

  /// Creates a spec; every field defaults to xkbcommon's default.
  public init(
    rules: String? = nil, model: String? = nil, layout: String? = nil, variant: String? = nil,
    options: String? = nil
  ) {
    self.rules = rules
    self.model = model
    self.layout = layout
    self.variant = variant
    self.options = options
  }

  /// The US layout, which is what a system without a keyboard configuration uses.
  public static let us = KeyboardLayoutSpec(layout: "us")

  /// The spec in setxkbmap's words for messages: `de(nodeadkeys)`,
  /// `us,ru(phonetic) with options "compose:ralt"`, `fr on model "pc104"`.
  public var description: String {
    let layouts = (layout.flatMap { $0.isEmpty ? nil : $0 } ?? "us").split(
      separator: ",", omittingEmptySubsequences: false)
    let variants = (variant ?? "").split(separator: ",", omittingEmptySubsequences: false)
    var text = layouts.enumerated().map { index, name in
      let variant = index < variants.count ? variants[index] : ""
      return variant.isEmpty ? String(name) : "\(name)(\(variant))"
    }.joined(separator: ",")
    for (word, value) in [("with options", options), ("on model", model), ("with rules", rules)] {
      if let value, !value.isEmpty { text += " \(word) \"\(value)\"" }
    }
    return text
  }
}
