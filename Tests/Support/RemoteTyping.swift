/// Keys of an emulated IR remote for hotplug.py scenarios.
public enum RemoteTyping {
  /// Scenario lines with which remote `device` types `Ab1!` on a prompt's
  /// on-screen keyboard (from its first key, `a`) and accepts it: arrows
  /// and OK alone, a capital, a digit and a symbol.
  public static func ab1Bang(device: Int) -> String {
    let keys = [
      "UP", "OK", "DOWN", "OK", "UP", "OK", "DOWN", "RIGHT", "OK", "UP", "OK", "DOWN", "OK", "DOWN", "OK",
      "UP", "UP",
      "LEFT", "OK",
    ]
    return keys.map { "key \(device) \($0) 1\nkey \(device) \($0) 0" }.joined(separator: "\n")
  }
}
