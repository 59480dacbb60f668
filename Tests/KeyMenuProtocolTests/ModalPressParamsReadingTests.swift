import KeyMenuProtocol
import Testing

/// `modal.press`'s params read by hand against `Decodable`'s reading: on
/// random params (members of every type, null, missing, unknown, numbers
/// whole and not), the hand reading gives the same params whenever it
/// reads any, and reads whenever `Decodable` does; what it leaves to
/// `Decodable` is what `Decodable` refuses, so the errors stay its own.
struct ModalPressParamsReadingTests {
  /// A member's value: mostly the right type, often not.
  static func member(_ random: inout RandomJSON, string: Bool) -> JSONValue? {
    switch random.int(0...9) {
    case 0: return nil
    case 1: return .null
    case 2: return .number(random.number())
    case 3: return .number(Double(random.int(-5...1_000_000)))
    case 4: return .bool(random.chance(50))
    case 5: return random.chance(50) ? .array([.string("KEY_DOWN")]) : .object(["key": .string("KEY_UP")])
    default:
      return string ? .string(random.pick(["KEY_DOWN", "shift+KEY_TAB", "é", "", random.string()])) : nil
    }
  }

  static func params(_ random: inout RandomJSON) -> JSONValue? {
    switch random.int(0...19) {
    case 0: return nil
    case 1: return .array([.string("KEY_DOWN")])
    case 2: return .string("KEY_DOWN")
    default:
      var members: [String: JSONValue] = [:]
      for name in ["request", "id", "key", "text", "unknown"] {
        let value = member(&random, string: name != "request" || random.chance(30))
        if let value { members[name] = value }
      }
      return .object(members)
    }
  }

  @Test func theHandReadingIsDecodablesWhereverEitherReads() throws {
    var random = RandomJSON(seed: 0x6D6F_6461_6C70)
    var read = 0
    for round in 0..<5_000 {
      let params = Self.params(&random)
      let byHand = ModalPressParams(reading: params)
      let decoded = try? RPCRequest(id: .number(1), method: "modal.press", params: params)
        .decodeParams(as: ModalPressParams.self)
      #expect(byHand == decoded, "round \(round): \(String(describing: params))")
      if byHand != nil { read += 1 }
    }
    #expect(read > 300, "the hand reading read only \(read) of 5,000")
  }

  @Test func aPressReadsTheSameParamsAndErrorsEitherWay() throws {
    let good = RPCRequest(
      id: .number(7), method: "modal.press",
      params: .object(["request": .number(3), "key": .string("KEY_DOWN"), "text": .string("é")]))
    #expect(try good.pressParams() == ModalPressParams(request: .number(3), key: "KEY_DOWN", text: "é"))
    for params: JSONValue in [
      .object(["request": .number(3)]), .object(["request": .number(1.5), "key": .string("KEY_DOWN")]),
      .object(["key": .string("KEY_DOWN")]), .object(["request": .number(3), "key": .string("")]),
    ] {
      let request = RPCRequest(id: .number(7), method: "modal.press", params: params)
      let byHand = Result { () throws(RPCError) in try request.pressParams() }
      let decoded = Result { () throws(RPCError) in try request.checkedParams(as: ModalPressParams.self) }
      #expect(byHand == decoded, "\(params)")
      #expect((try? byHand.get()) == nil, "\(params) must be refused")
    }
  }
}
