/// A command line whiptail or dialog would refuse, and how it ends.
public struct DialogUsageError: Error, Sendable, Hashable {
  /// Why it ended.
  public enum Reason: Sendable, Hashable {
    /// An option neither program knows (whiptail: exit 1).
    case unknownOption(String)
    /// An option's value is missing or not a number (whiptail: exit 1).
    case badValue(option: String)
    /// No box option, two box options, a missing or non-numeric size, an
    /// item without its pair (whiptail prints its usage: exit 255).
    case usage(String)
  }

  /// Why.
  public var reason: Reason
  /// The flavor whose rules apply.
  public var flavor: CompatFlavor

  /// Creates an error.
  public init(_ reason: Reason, flavor: CompatFlavor) {
    self.reason = reason
    self.flavor = flavor
  }

  /// The exit status the real program ends with: popt's option errors
  /// exit 1 in whiptail; usage errors exit 255 (`DLG_ERROR`, -1) in both,
  /// and dialog ends every command-line error with 255 too.
  public var exitStatus: Int32 {
    switch (reason, flavor) {
    case (.unknownOption, .whiptail), (.badValue, .whiptail): 1
    default: 255
    }
  }

  /// The one-line message (without the program's name).
  public var message: String {
    switch reason {
    case .unknownOption(let option): "\(option): unknown option"
    case .badValue(let option): "\(option): missing or bad value"
    case .usage(let text): text
    }
  }
}
