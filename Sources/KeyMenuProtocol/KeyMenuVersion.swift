/// keymenu's version, the same for keymenud and keymenuctl (and in `hello`).
public enum KeyMenuVersion {
  public static let current = "0.3.0"
}
