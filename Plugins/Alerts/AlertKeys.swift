import KeyMenuCore

/// The keys alerts answer to, by kernel code.
enum AlertKeys {
  static let cancel: Set<KeyCode> = [.escape, .back, .exit]
  static let accept: Set<KeyCode> = [.enter, .keypadEnter, .ok, .select]
  static let tab = KeyCode(15)
  static let navigation: Set<KeyCode> = [.left, .right, tab]
}
