import KeyMenuProtocol
import Testing

/// The hand-written wire form of pictures and stacks
/// (`ModalPicture+WireWriting.swift`, `ModalPicture+WireReading.swift`)
/// against their `Codable` form, on random pictures of every shape and on
/// broken forms of them.
@Suite struct ModalPictureWireFormTests {
  @Test func theSamplesAreWrittenAsTheyAlwaysWere() {
    let samples: [(ModalPicture, String)] = [
      (WireShapeSamples.alert, WireShapeSamples.alertBytes),
      (WireShapeSamples.alertWithMessage, WireShapeSamples.alertWithMessageBytes),
      (WireShapeSamples.menu, WireShapeSamples.menuBytes),
      (WireShapeSamples.windowedMenu, WireShapeSamples.windowedMenuBytes),
    ]
    for (picture, bytes) in samples {
      #expect(String(decoding: picture.wireJSON, as: UTF8.self) == bytes)
    }
  }

  @Test func randomPicturesAreWrittenAsOrderedJSONEncoderWritesThem() throws {
    var random = RandomPicture(seed: 0x5EED_0001)
    for round in 0..<3000 {
      let picture = random.picture()
      let expected = try OrderedJSONEncoder().encode(picture)
      #expect(
        picture.wireJSON == expected,
        "round \(round): \(String(decoding: picture.wireJSON, as: UTF8.self)) against \(String(decoding: expected, as: UTF8.self))"
      )
    }
  }

  @Test func randomStacksAreReadAsTheirCodableFormReadsThem() throws {
    var random = RandomPicture(seed: 0x5EED_0002)
    for round in 0..<1500 {
      let state = random.state()
      let value = try #require(JSONValue.parse(try OrderedJSONEncoder().encode(state)))
      let expected = try JSONValueDecoder.decode(ModalState.self, from: value)
      #expect(try ModalState(wire: value) == expected, "round \(round)")
    }
  }

  @Test func brokenStacksAreRefusedOrReadAsTheirCodableFormDoes() throws {
    var random = RandomPicture(seed: 0x5EED_0003)
    var refused = 0
    for round in 0..<3000 {
      let value = try #require(JSONValue.parse(try OrderedJSONEncoder().encode(random.state())))
      let broken = random.broken(value)
      let expected = try? JSONValueDecoder.decode(ModalState.self, from: broken)
      let read = try? ModalState(wire: broken)
      #expect(read == expected, "round \(round): \(broken.jsonText)")
      if expected == nil { refused += 1 }
    }
    // The mutations reach members that matter: most broken stacks are refused.
    #expect(refused > 1000)
  }

  @Test func anErrorNamesTheMemberAtFault() {
    let value = JSONValue.parse(
      Array(
        #"{"stack":[{"kind":"menu","id":"m","title":"T","path":[],"filter":"","items":[{"title":1}]}]}"#.utf8)
    )!
    #expect {
      try ModalState(wire: value)
    } throws: { error in
      (error as? WireFormError)?.description == "stack[0].items[0].title should be a string"
    }
  }
}

/// Random pictures of every shape, with every optional part present or not.
struct RandomPicture {
  var json: RandomJSON

  init(seed: UInt64) { json = RandomJSON(seed: seed) }

  private mutating func text() -> String { json.string(maximumPieces: 4) }
  private mutating func texts(_ most: Int) -> [String] { (0..<json.int(0...most)).map { _ in text() } }
  private mutating func small() -> Int { json.chance(10) ? json.int(-3...3) : json.int(0...600) }
  private mutating func maybe<T>(_ make: (inout Self) -> T) -> T? { json.chance(50) ? make(&self) : nil }

  mutating func picture() -> ModalPicture {
    switch json.int(0...3) {
    case 0:
      let count = json.int(0...14)
      let items = (0..<count).map { _ in
        DialogParts.Menu.Item(
          title: text(), section: json.int(0...4),
          position: json.pick(["single", "top", "middle", "bottom"]),
          enabled: json.chance(80), opensSubmenu: json.chance(20))
      }
      let offset = json.chance(30) ? json.int(0...300) : 0
      return .menu(
        id: text(), path: texts(3), items: items, highlight: maybe { $0.json.int(0...max(count, 1)) },
        filter: text(), offset: offset, total: maybe { _ in offset + count + 5 })
    case 1:
      return .alert(
        id: text(), title: text(), message: maybe { $0.text() }, buttons: texts(3), focus: small(),
        cancel: maybe { $0.small() }, defaultButton: small(), firstLine: json.chance(30) ? small() : 0)
    default:
      var picture = ModalPicture(
        id: text(), kind: json.chance(10) ? ModalPicture.alertShape + "x" : text(), title: text(),
        text: maybe { $0.text() }, firstLine: json.chance(30) ? small() : 0, buttons: texts(3),
        focusedButton: maybe { $0.small() }, cancel: maybe { $0.small() }, defaultButton: maybe { $0.small() }
      )
      picture.page = maybe { $0.page() }
      picture.choices = maybe { $0.choices() }
      picture.percent = maybe { $0.small() }
      picture.system = json.chance(20)
      picture.field = maybe {
        DialogParts.Field(
          shown: $0.text(), masked: $0.json.chance(50), cursor: $0.small(),
          maximumLength: $0.maybe { $0.small() })
      }
      picture.keyboard = maybe { random in
        let rows = (0..<random.json.int(0...4)).map { _ in random.texts(10) }
        return DialogParts.Keyboard(rows: rows, row: random.small(), column: random.small())
      }
      picture.wakesTV = maybe { $0.json.chance(50) }
      picture.owner = maybe { $0.text() }
      return picture
    }
  }

  private mutating func page() -> DialogParts.Page {
    DialogParts.Page(lines: texts(6), first: small(), total: small())
  }

  private mutating func choices() -> DialogParts.Choices {
    let items = (0..<json.int(0...8)).map { _ in
      DialogParts.Choices.Item(tag: maybe { $0.text() }, text: text(), marked: json.chance(50))
    }
    let offset = json.chance(30) ? json.int(0...100) : 0
    return DialogParts.Choices(
      marks: json.pick([.none, .check, .radio]), items: items, highlight: maybe { $0.small() },
      offset: offset,
      total: maybe { _ in offset + items.count + 3 })
  }

  mutating func state() -> ModalState {
    ModalState(
      stack: (0..<json.int(0...4)).map { _ in picture() }, skipped: maybe { $0.small() },
      total: maybe { $0.small() })
  }

  /// `value` with one member or element somewhere in it removed, or
  /// replaced by a value of another kind (`null`, a fraction, a string, ...).
  mutating func broken(_ value: JSONValue) -> JSONValue {
    switch value {
    case .object(var members) where !members.isEmpty && json.chance(75):
      let key = json.pick(members.keys.sorted())
      if json.chance(40) {
        members[key] = broken(members[key]!)
      } else if json.chance(30) {
        members[key] = nil
      } else {
        members[key] = replacement()
      }
      return .object(members)
    case .array(var elements) where !elements.isEmpty && json.chance(75):
      let index = json.int(0...elements.count - 1)
      elements[index] = json.chance(60) ? broken(elements[index]) : replacement()
      return .array(elements)
    default:
      return replacement()
    }
  }

  private mutating func replacement() -> JSONValue {
    json.pick([
      .null, .bool(true), .number(1.5), .number(2), .number(1e300), .string("x"), .string("check"),
      .array([]),
      .object([:]),
    ])
  }
}

@Suite struct ModalPressResultValueTests {
  @Test func theDirectValueIsTheCodableOne() {
    for consumed in [false, true] {
      let result = ModalPressResult(pressed: "menu-\(consumed ? 1 : 2)", consumed: consumed)
      #expect(result.jsonValue == JSONValue(encoding: result))
    }
  }
}
