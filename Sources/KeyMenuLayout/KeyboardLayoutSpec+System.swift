public import KeyMenuCore
import KeyMenuRuntime

extension KeyboardLayoutSpec {
  /// Where Debian's keyboard-configuration keeps the system's layout.
  public static let systemFile = "/etc/default/keyboard"

  /// The system's layout from `/etc/default/keyboard` (or `path`), read as
  /// ``init(defaultKeyboardFile:)`` describes; the US layout when the file
  /// is missing, unreadable, not a regular file or larger than 64 KiB.
  public static func system(path: String = systemFile) -> KeyboardLayoutSpec {
    guard case .success(let bytes) = SmallFile.read(path, limit: 64 * 1024) else { return .us }
    return KeyboardLayoutSpec(defaultKeyboardFile: String(decoding: bytes, as: UTF8.self))
  }
}
