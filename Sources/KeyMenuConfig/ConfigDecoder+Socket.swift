import KeyMenuProtocol

extension ConfigDecoder {
  /// `[socket]`: `path`, `group`, `mode`, `admin_group`, `[[socket.tiers]]`.
  mutating func socket(_ node: ConfigNode) -> SocketSettings {
    guard var table = TableReader(node, name: "[socket]", key: "socket", &diagnostics) else {
      return SocketSettings()
    }
    var settings = SocketSettings()
    if let path = table.string("path", &diagnostics) {
      if !path.hasPrefix("/") || path.utf8.count > 107 {
        diagnostics.error(
          "path must be an absolute path of at most 107 bytes, such as \"/run/keymenu/keymenu.sock\"",
          at: table.valueLocation("path"))
      } else {
        settings.path = path
      }
    }
    for (key, keyPath) in [("group", \SocketSettings.group), ("admin_group", \.adminGroup)] {
      guard let group = table.string(key, &diagnostics) else { continue }
      settings[keyPath: keyPath] = group
      if lookup.groupID(group) == nil {
        diagnostics.warning(
          "no group '\(group)' on this system; create it with groupadd --system \(group)",
          at: table.valueLocation(key))
      }
    }
    if let mode = mode(in: &table) { settings.mode = mode }
    if let rules = table.array("tiers", &diagnostics) { settings.tiers = rules.compactMap { tierRule($0) } }
    table.reportUnknownKeys(&diagnostics)
    return settings
  }

  /// `mode = "0660"` (octal text) or `mode = 0o660`; at most `0777`.
  private mutating func mode(in table: inout TableReader) -> UInt32? {
    guard let node = table.node("mode") else { return nil }
    let mode: UInt32?
    switch node.value {
    case .string(let text): mode = text.count <= 4 ? UInt32(text, radix: 8) : nil
    case .integer(let value): mode = UInt32(exactly: value)
    default:
      table.typeError("mode", node, expected: "an octal string such as \"0660\"", &diagnostics)
      return nil
    }
    guard let mode, mode <= 0o777 else {
      diagnostics.error("mode must be permission bits such as \"0660\" (at most 0777)", at: node.location)
      return nil
    }
    if mode & 0o002 != 0 {
      diagnostics.warning(
        "mode \(Self.octal(mode)) lets every local user connect to the socket; use 0660 and a group",
        at: node.location)
    }
    return mode
  }

  /// `0660`.
  static func octal(_ mode: UInt32) -> String {
    let digits = String(mode, radix: 8)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// `{ user | uid | group | gid = ..., tier = "observe" | "drive" | "admin" }`.
  private mutating func tierRule(_ node: ConfigNode) -> TierRuleSetting? {
    guard var table = TableReader(node, name: "tier rule", key: "each tier rule", &diagnostics) else {
      return nil
    }
    let subjects = ["user", "uid", "group", "gid"]
    let given = subjects.filter { table.has($0) }.sorted { table.keyLocation($0) < table.keyLocation($1) }
    var subject: TierRuleSetting.Subject?
    if given.count == 1, let key = given.first {
      subject = tierSubject(key, in: &table)
    } else {
      diagnostics.error(
        "tier rule needs exactly one of user, uid, group, gid",
        at: given.count > 1 ? table.keyLocation(given[1]) : table.location)
      for key in subjects { _ = table.node(key) }
    }
    var tier: Tier?
    if let text = table.string("tier", &diagnostics) {
      tier = choice(
        text, key: "tier", options: Tier.allCases.map { ($0.rawValue, $0) }, at: table.valueLocation("tier"))
    } else if !table.has("tier") {
      diagnostics.error("tier rule needs tier = \"observe\", \"drive\" or \"admin\"", at: table.location)
    }
    table.reportUnknownKeys(&diagnostics)
    guard let subject, let tier else { return nil }
    return TierRuleSetting(subject: subject, tier: tier, location: table.location)
  }

  private mutating func tierSubject(_ key: String, in table: inout TableReader) -> TierRuleSetting.Subject? {
    let location = table.valueLocation(key)
    if key == "uid" || key == "gid" {
      guard let number = table.integer(key, &diagnostics) else { return nil }
      guard let id = UInt32(exactly: number), id != UInt32.max else {
        diagnostics.error("\(key) must be between 0 and 4294967294, not \(number)", at: location)
        return nil
      }
      return key == "uid" ? .uid(id) : .gid(id)
    }
    guard let name = table.string(key, &diagnostics) else { return nil }
    let isUser = key == "user"
    guard (isUser ? lookup.userID(name) : lookup.groupID(name)) != nil else {
      diagnostics.error("unknown \(key) '\(name)' in tier rule", at: location)
      return nil
    }
    return isUser ? .user(name) : .group(name)
  }
}
