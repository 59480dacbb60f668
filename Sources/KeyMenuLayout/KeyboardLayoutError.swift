public import KeyMenuCore

/// Why a keyboard layout could not be used, with xkbcommon's own messages.
public struct KeyboardLayoutError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What failed.
  public enum Code: String, Hashable, Sendable {
    /// xkbcommon could not set up (out of memory, or no XKB data at all).
    case contextUnavailable
    /// The spec names a layout, variant, model or rules that xkbcommon
    /// could not compile into a keymap.
    case keymapDidNotCompile
    /// A per-device state could not be made (out of memory).
    case stateUnavailable
  }

  /// What failed.
  public var code: Code
  /// The layout that was asked for.
  public var spec: KeyboardLayoutSpec
  /// What xkbcommon logged meanwhile, one message per element.
  public var details: [String]

  /// Creates an error.
  public init(_ code: Code, spec: KeyboardLayoutSpec, details: [String] = []) {
    self.code = code
    self.spec = spec
    self.details = details
  }

  /// A message a person can act on, naming the layout.
  public var description: String {
    let reason = details.first.map { ": xkbcommon says \"\($0)\"" } ?? ""
    switch code {
    case .contextUnavailable:
      return "cannot set up xkbcommon for keyboard layout \(spec)\(reason)"
    case .keymapDidNotCompile:
      return "keyboard layout \(spec) does not compile\(reason); "
        + "`localectl list-x11-keymap-layouts` and `localectl list-x11-keymap-variants LAYOUT` "
        + "list the layouts and variants that exist (package xkb-data)"
    case .stateUnavailable:
      return "cannot make a keyboard state for keyboard layout \(spec)\(reason)"
    }
  }
}
