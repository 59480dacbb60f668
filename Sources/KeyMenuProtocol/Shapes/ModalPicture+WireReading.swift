// A stack's wire form (`ModalPicture+Wire.swift`) read by hand from the
// parsed line, for the one place a stack is read at every key: a
// presenter's `state.changed` (keymenu-overlay, `keymenuctl ui`). Through
// `Codable` and ``JSONValueDecoder`` this was a fifth of the overlay's CPU
// per key (a container, a coding key and a metadata lookup per member).
// It reads what the `Codable` form reads, into the same values, and refuses
// what it refuses (the tests compare the two on thousands of random
// stacks and their broken forms); `init(from:)` stays the form every other
// decoder uses.

extension ModalState {
  /// Reads a stack from its wire form, as
  /// `JSONValueDecoder.decode(ModalState.self, from: value)` does.
  public init(wire value: JSONValue) throws(WireFormError) {
    let members = try WireMembers(value)
    let stack = try members.array("stack") { entry throws(WireFormError) in try ModalPicture(wire: entry) }
    self.init(
      stack: stack, skipped: try members.optionalInt("skipped"), total: try members.optionalInt("total"))
  }
}

/// Why a wire form was not read: the member at fault and what it should be.
public struct WireFormError: Error, Equatable, CustomStringConvertible {
  /// Where the member is (`stack[0].items[2].title`).
  public var path: String
  /// What it should have been (`a string`).
  public var expected: String

  public var description: String { "\(path.isEmpty ? "the value" : path) should be \(expected)" }

  /// The same error seen from the container around it: `prefix` (a
  /// member's name, `items[2]`) goes in front of the path. Paths are put
  /// together only on the way out of an error, never for a value read.
  func inside(_ prefix: String) -> WireFormError {
    let joined = path.isEmpty ? prefix : path.first == "[" ? prefix + path : "\(prefix).\(path)"
    return WireFormError(path: joined, expected: expected)
  }
}

extension ModalPicture {
  /// Reads one stack entry from its wire form, as its `init(from:)` does.
  public init(wire value: JSONValue) throws(WireFormError) {
    let entry = try WireMembers(value)
    let shape = try entry.string("kind")
    switch shape {
    case Self.menuShape:
      let title = try entry.string("title")
      let pathTitles = try entry.strings("path")
      self.init(
        id: try entry.string("id"), kind: shape, title: title,
        menu: Menu(
          path: pathTitles.isEmpty ? [title] : pathTitles,
          items: try entry.array("items") { item throws(WireFormError) in
            let item = try WireMembers(item)
            return Menu.Item(
              title: try item.string("title"), section: try item.int("section"),
              position: try item.string("position"), enabled: try item.bool("enabled"),
              opensSubmenu: try item.bool("submenu"))
          },
          highlight: try entry.optionalInt("highlight"), filter: try entry.string("filter"),
          offset: try entry.optionalInt("offset") ?? 0, total: try entry.optionalInt("total")))
    case Self.alertShape:
      self.init(
        id: try entry.string("id"), kind: shape, title: try entry.string("title"),
        text: try entry.optionalString("message"), firstLine: try entry.optionalInt("first_line") ?? 0,
        buttons: try entry.strings("buttons"), focusedButton: try entry.int("focus"),
        cancel: try entry.optionalInt("cancel"), defaultButton: try entry.int("default"))
    case Self.dialogShape:
      self.init(
        id: try entry.string("id"), kind: try entry.string("dialog"), title: try entry.string("title"),
        text: try entry.optionalString("text"), firstLine: try entry.optionalInt("first_line") ?? 0,
        page: try entry.optionalObject("page", DialogParts.Page.init(wire:)),
        choices: try entry.optionalObject("choices", DialogParts.Choices.init(wire:)),
        percent: try entry.optionalInt("percent"),
        field: try entry.optionalObject("field", DialogParts.Field.init(wire:)),
        keyboard: try entry.optionalObject("keyboard", DialogParts.Keyboard.init(wire:)),
        buttons: try entry.optionalStrings("buttons") ?? [],
        focusedButton: try entry.optionalInt("focus"), cancel: try entry.optionalInt("cancel"),
        defaultButton: try entry.optionalInt("default"), system: try entry.optionalBool("system") ?? false)
    default:
      // A newer protocol's shape: what every shape has, as far as it reads.
      self.init(
        id: (try? entry.optionalString("id")) ?? "", kind: shape,
        title: (try? entry.optionalString("title")) ?? shape)
    }
  }
}

/// An object's members read as the protocol's `Codable` types read them
/// through ``JSONValueDecoder``: `null` or a missing member is `nil` for an
/// optional one, an integer is a whole number that fits, nothing converts.
/// An error names the member from this object down (``WireFormError/inside(_:)``
/// adds the containers around it).
struct WireMembers {
  let members: [String: JSONValue]

  init(_ value: JSONValue) throws(WireFormError) {
    guard case .object(let members) = value else { throw WireFormError(path: "", expected: "an object") }
    self.members = members
  }

  private func fault(_ key: String, _ expected: String) -> WireFormError {
    WireFormError(path: key, expected: expected)
  }

  /// The member `key`, nil when it is missing or `null`.
  private func present(_ key: String) -> JSONValue? {
    guard let value = members[key], value != .null else { return nil }
    return value
  }

  func optionalString(_ key: String) throws(WireFormError) -> String? {
    guard let value = present(key) else { return nil }
    guard case .string(let text) = value else { throw fault(key, "a string") }
    return text
  }

  func string(_ key: String) throws(WireFormError) -> String {
    guard let text = try optionalString(key) else { throw fault(key, "a string") }
    return text
  }

  func optionalInt(_ key: String) throws(WireFormError) -> Int? {
    guard let value = present(key) else { return nil }
    guard case .number(let number) = value, let integer = JSONValueDecoder.exactInt(number) else {
      throw fault(key, "an integer")
    }
    return integer
  }

  func int(_ key: String) throws(WireFormError) -> Int {
    guard let integer = try optionalInt(key) else { throw fault(key, "an integer") }
    return integer
  }

  func optionalBool(_ key: String) throws(WireFormError) -> Bool? {
    guard let value = present(key) else { return nil }
    guard case .bool(let flag) = value else { throw fault(key, "true or false") }
    return flag
  }

  func bool(_ key: String) throws(WireFormError) -> Bool {
    guard let flag = try optionalBool(key) else { throw fault(key, "true or false") }
    return flag
  }

  /// The array `key` (nil when missing or `null`), each element read by `read`.
  func optionalArray<Element>(
    _ key: String, _ read: (JSONValue) throws(WireFormError) -> Element
  ) throws(WireFormError) -> [Element]? {
    guard let value = present(key) else { return nil }
    guard case .array(let elements) = value else { throw fault(key, "an array") }
    return try Self.elements(elements, read).mapError { $0.inside(key) }.get()
  }

  func array<Element>(
    _ key: String, _ read: (JSONValue) throws(WireFormError) -> Element
  ) throws(WireFormError) -> [Element] {
    guard let elements = try optionalArray(key, read) else { throw fault(key, "an array") }
    return elements
  }

  /// `elements` each read by `read`; an error names the element's index.
  static func elements<Element>(
    _ elements: [JSONValue], _ read: (JSONValue) throws(WireFormError) -> Element
  ) -> Result<[Element], WireFormError> {
    var values: [Element] = []
    values.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      do {
        values.append(try read(element))
      } catch {
        return .failure(error.inside("[\(index)]"))
      }
    }
    return .success(values)
  }

  func optionalStrings(_ key: String) throws(WireFormError) -> [String]? {
    try optionalArray(key, Self.string)
  }

  func strings(_ key: String) throws(WireFormError) -> [String] {
    guard let strings = try optionalStrings(key) else { throw fault(key, "an array") }
    return strings
  }

  /// A string element of an array.
  static func string(_ element: JSONValue) throws(WireFormError) -> String {
    guard case .string(let text) = element else { throw WireFormError(path: "", expected: "a string") }
    return text
  }

  /// The object `key` read by `read`, nil when missing or `null`.
  func optionalObject<Part>(
    _ key: String, _ read: (WireMembers) throws(WireFormError) -> Part
  ) throws(WireFormError) -> Part? {
    guard let value = present(key) else { return nil }
    do {
      return try read(try WireMembers(value))
    } catch {
      throw error.inside(key)
    }
  }
}

extension DialogParts.Page {
  init(wire page: WireMembers) throws(WireFormError) {
    self.init(lines: try page.strings("lines"), first: try page.int("first"), total: try page.int("total"))
  }
}

extension DialogParts.Choices {
  init(wire choices: WireMembers) throws(WireFormError) {
    var marks = Marks.none
    if let name = try choices.optionalString("marks") {
      guard let known = Marks(rawValue: name) else {
        throw WireFormError(path: "marks", expected: "none, check or radio")
      }
      marks = known
    }
    self.init(
      marks: marks,
      items: try choices.array("items") { item throws(WireFormError) in
        let item = try WireMembers(item)
        return Item(
          tag: try item.optionalString("tag"), text: try item.string("text"),
          marked: try item.optionalBool("marked") ?? false)
      },
      highlight: try choices.optionalInt("highlight"), offset: try choices.optionalInt("offset") ?? 0,
      total: try choices.optionalInt("total"))
  }
}

extension DialogParts.Field {
  init(wire field: WireMembers) throws(WireFormError) {
    self.init(
      shown: try field.string("text"), masked: try field.bool("masked"), cursor: try field.int("cursor"),
      maximumLength: try field.optionalInt("max_length"))
  }
}

extension DialogParts.Keyboard {
  init(wire keyboard: WireMembers) throws(WireFormError) {
    self.init(
      rows: try keyboard.array("rows") { row throws(WireFormError) in
        guard case .array(let keys) = row else { throw WireFormError(path: "", expected: "an array") }
        return try WireMembers.elements(keys, WireMembers.string).get()
      },
      row: try keyboard.int("row"), column: try keyboard.int("column"))
  }
}
