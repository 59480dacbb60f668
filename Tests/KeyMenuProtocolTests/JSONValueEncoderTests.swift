import KeyMenuProtocol
import Testing

/// Typed values to ``JSONValue`` and back: what the encoder writes for each
/// kind of member, and that the protocol's typed notices keep their bytes.
@Suite struct JSONValueEncoderTests {
  struct Item: Codable, Equatable {
    var title: String
    var enabled: Bool
    var section: Int
  }

  struct Sample: Codable, Equatable {
    var name: String
    var count: UInt16
    var ratio: Double
    var note: String?
    var items: [Item]
    var tags: [String: Int]
    var raw: JSONValue
  }

  @Test func everyKindOfMemberBecomesItsJSONValue() throws {
    let sample = Sample(
      name: "Box", count: 3, ratio: 0.5, note: nil,
      items: [Item(title: "One", enabled: true, section: 0), Item(title: "Two", enabled: false, section: 1)],
      tags: ["a": 1], raw: ["x": [1, "y", nil]])
    let value = try JSONValueEncoder().encode(sample)
    #expect(
      value == [
        "name": "Box", "count": 3, "ratio": .number(0.5),
        "items": [
          ["title": "One", "enabled": true, "section": 0], ["title": "Two", "enabled": false, "section": 1],
        ],
        "tags": ["a": 1], "raw": ["x": [1, "y", nil]],
      ], "a nil optional is left out, as JSONEncoder does")
    var withNote = sample
    withNote.note = "hi"
    #expect(try JSONValueEncoder().encode(withNote)["note"] == "hi")
  }

  /// `encodeNil` writes null (a member the protocol always has, null when unset).
  struct Explicit: Encodable {
    var cancel: Int?
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      if let cancel {
        try container.encode(cancel, forKey: .cancel)
      } else {
        try container.encodeNil(forKey: .cancel)
      }
    }
    enum CodingKeys: String, CodingKey { case cancel }
  }

  @Test func encodeNilWritesNull() throws {
    #expect(try JSONValueEncoder().encode(Explicit(cancel: nil)) == ["cancel": nil])
    #expect(try JSONValueEncoder().encode(Explicit(cancel: 2)) == ["cancel": 2])
    #expect(try JSONValueEncoder().encode([Int?.none, 1]) == [nil, 1])
    #expect(try JSONValueEncoder().encode("top") == "top")
  }

  @Test func theDisconnectNoticeKeepsItsBytesAndReadsBack() throws {
    let notice = ClientDisconnected(reason: ClientDisconnected.slowReader, message: "too slow")
    #expect(
      String(decoding: notice.notification.line(), as: UTF8.self)
        == #"{"jsonrpc":"2.0","method":"client.disconnected","params":{"message":"too slow","reason":"slow-reader"}}"#
        + "\n")
    #expect(ClientDisconnected(params: ["reason": "slow-reader", "message": "too slow"]) == notice)
    #expect(ClientDisconnected(params: ["reason": "slow-reader"]) == nil)
  }
}
