extension JSONParser {
  /// The members of a request's top-level object that
  /// ``RPCRequest/parse(_:)`` reads, each `nil` when absent.
  struct RequestMembers {
    var id: JSONValue?
    var jsonrpc: JSONValue?
    var method: JSONValue?
    var params: JSONValue?

    /// One of the four members.
    enum Slot: CaseIterable {
      case id, jsonrpc, method, params

      /// The member's key.
      var key: String {
        switch self {
        case .id: "id"
        case .jsonrpc: "jsonrpc"
        case .method: "method"
        case .params: "params"
        }
      }

      /// Each member with its key's bytes, in declaration order.
      static let plainKeys: [(slot: Slot, utf8: [UInt8])] = allCases.map { ($0, Array($0.key.utf8)) }

      /// The member named `key` (compared as a Swift string, as a
      /// dictionary's key is), or nil for any other key.
      init?(_ key: String) {
        switch key {
        case "id": self = .id
        case "jsonrpc": self = .jsonrpc
        case "method": self = .method
        case "params": self = .params
        default: return nil
        }
      }
    }

    subscript(slot: Slot) -> JSONValue? {
      get {
        switch slot {
        case .id: id
        case .jsonrpc: jsonrpc
        case .method: method
        case .params: params
        }
      }
      set {
        switch slot {
        case .id: id = newValue
        case .jsonrpc: jsonrpc = newValue
        case .method: method = newValue
        case .params: params = newValue
        }
      }
    }
  }

  /// Parses `bytes` as one JSON document whose top-level value is an
  /// object, keeping only the request's members: what ``parse(_:)`` would
  /// return, without building the object's dictionary. `nil` when the
  /// document is not an object (``parse(_:)`` then says what it is).
  ///
  /// Accepts and refuses exactly what ``parse(_:)`` does, with the same
  /// ``Failure``: every other member is read (and checked) the same way,
  /// and a repeated key, compared as Swift strings, is refused as there.
  static func parseRequest(_ bytes: [UInt8]) throws(Failure) -> RequestMembers? {
    var parser = JSONParser(bytes: bytes)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
    parser.skipWhitespace()
    guard parser.index < bytes.count, bytes[parser.index] == UInt8(ascii: "{") else { return nil }
    let members = try parser.requestObject()
    parser.skipWhitespace()
    guard parser.index == bytes.count else { throw .syntax(offset: parser.index) }
    return members
  }

  /// The member whose key starts at `index` (its opening quote), when the
  /// key is one of the four written without escapes; then `index` is left
  /// after its closing quote. Otherwise nil, and `index` is unchanged.
  private mutating func plainSlotKey() -> RequestMembers.Slot? {
    let start = index + 1
    for (slot, key) in RequestMembers.Slot.plainKeys {
      let end = start + key.count
      guard end < bytes.count, bytes[end] == UInt8(ascii: "\""), bytes[start..<end].elementsEqual(key) else {
        continue
      }
      index = end + 1
      return slot
    }
    return nil
  }

  /// The top-level object at `index` (depth 1), as ``object(depth:)`` reads it.
  private mutating func requestObject() throws(Failure) -> RequestMembers {
    index += 1
    var members = RequestMembers()
    // Keys other than the four, only to refuse one repeated (a set: a 64 KiB
    // line holds thousands of keys, and a list would compare each with all).
    var others: Set<String> = []
    skipWhitespace()
    if try consume(UInt8(ascii: "}")) { return members }
    while true {
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw .syntax(offset: index) }
      let keyOffset = index
      let slot: RequestMembers.Slot?
      if let plain = plainSlotKey() {
        // One of the four, spelled plainly: no String needed.
        slot = plain
        guard members[plain] == nil else { throw .repeatedKey(plain.key, offset: keyOffset) }
      } else {
        let key = try string()
        slot = RequestMembers.Slot(key)
        if let slot {
          guard members[slot] == nil else { throw .repeatedKey(key, offset: keyOffset) }
        } else {
          guard others.insert(key).inserted else { throw .repeatedKey(key, offset: keyOffset) }
        }
      }
      skipWhitespace()
      guard try consume(UInt8(ascii: ":")) else { throw .syntax(offset: index) }
      skipWhitespace()
      let member = try value(depth: 1)
      if let slot { members[slot] = member }
      guard try separator(before: UInt8(ascii: "}")) else { return members }
    }
  }
}
