/// Why speech could not start or be heard, with a message a person can act on.
public struct SpeechError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What kind of failure.
  public enum Code: String, Hashable, Sendable {
    /// An option's value is not usable.
    case badOption
    /// espeak-ng could not start (its data is missing or unreadable).
    case engineUnavailable
    /// No espeak-ng voice for the language, or no such voice variant.
    case voiceNotFound
    /// espeak-ng failed while speaking.
    case synthesisFailed
    /// The sound device could not be opened or written.
    case audio
    /// The system refused the speech thread or its wake-up eventfd.
    case system
  }

  /// What kind of failure.
  public var code: Code
  /// What went wrong and what to do.
  public var message: String
  /// The (positive) errno value, where the failure has one.
  public var errno: Int32?

  /// Creates an error.
  public init(_ code: Code, _ message: String, errno: Int32? = nil) {
    self.code = code
    self.message = message
    self.errno = errno
  }

  public var description: String { message }
}
