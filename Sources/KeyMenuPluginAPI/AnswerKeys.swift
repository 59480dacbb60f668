public import KeyMenuCore
import KeyMenuEngineActor
public import KeyMenuProtocol

/// The keys a menu or an alert takes as answers of their own (`answer_keys`):
/// a remote's colour keys and any other key, by name (how many, and which
/// names, the protocol checks: `MenuOpenParams.maximumAnswerKeys`).
public enum AnswerKeys {
  /// Names for keys whose evdev names are long: `context` is
  /// `KEY_CONTEXT_MENU`. The colour keys need none: `red` is `KEY_RED`.
  public static let aliases = ["context": "KEY_CONTEXT_MENU"]

  /// The codes of `names` (each kept as written, the answer's name): an
  /// alias, an evdev name or its short form (`red`, `KEY_F1`, `f1`).
  /// Throws the index and name of the first one no key has.
  public static func resolve(_ names: [String], with table: KeyNameTable) throws(Unknown) -> [KeyCode: String]
  {
    var codes: [KeyCode: String] = [:]
    for (index, name) in names.enumerated() {
      guard let code = table.code(named: aliases[name.lowercased()] ?? name) else {
        throw Unknown(index: index, name: name)
      }
      if codes[code] == nil { codes[code] = name }
    }
    return codes
  }

  /// A name no key has.
  public struct Unknown: Error, Sendable, Hashable {
    /// Its place in the list.
    public var index: Int
    /// The name.
    public var name: String
  }
}

extension AnswerKeys {
  /// A request's `answer_keys` as key codes, by the daemon's key names
  /// (``KeyNameTable`` service); `-32602` naming the first that no key has.
  @EngineActor
  public static func resolve(_ names: [String]?, host: any PluginHost) throws(RPCError) -> [KeyCode: String] {
    guard let names, !names.isEmpty else { return [:] }
    do {
      return try resolve(names, with: host.service(KeyNameTable.self) ?? KeyNameTable([]))
    } catch {
      throw .invalidParams("no key is named \(error.name)", field: "answer_keys.[\(error.index)]")
    }
  }
}
