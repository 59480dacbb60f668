// A picture's wire form (`ModalPicture+Wire.swift`) written by hand, for
// the one place a picture is encoded at every key: keymenud's state line,
// made at each change of the front modal. Through `Codable`, even with
// ``OrderedJSONEncoder``, encoding a 12-item menu was 11 % of keymenud's
// CPU per key (a container, a key and a metadata lookup per member). The
// bytes are the same as `OrderedJSONEncoder`'s for every picture (the
// tests compare the two on thousands of random pictures); `encode(to:)`
// stays the form every other encoder uses.

extension ModalPicture {
  /// The picture's wire form as compact JSON with sorted keys: byte for
  /// byte what `OrderedJSONEncoder().encode(self)` returns.
  public var wireJSON: [UInt8] {
    var writer = JSONWriter(capacity: 256)
    writer.write(picture: self)
    return writer.bytes
  }
}

extension JSONWriter {
  /// Writes `picture` in its wire form (the menu, alert or dialog shape).
  mutating func write(picture: ModalPicture) {
    var object = ObjectMembers()
    bytes.append(UInt8(ascii: "{"))
    if let menu = picture.menu {
      object.name("filter", &self)
      write(string: menu.filter)
      object.name("highlight", &self)
      write(optional: menu.highlight)
      object.name("id", &self)
      write(string: picture.id)
      object.name("items", &self)
      write(menuItems: menu.items)
      object.name("kind", &self)
      write(string: ModalPicture.menuShape)
      if menu.isWindow {
        object.name("offset", &self)
        write(integer: menu.offset)
      }
      object.name("path", &self)
      write(strings: menu.path)
      object.name("title", &self)
      write(string: picture.title)
      if menu.isWindow {
        object.name("total", &self)
        write(integer: menu.total)
      }
    } else if picture.kind == ModalPicture.alertShape {
      object.name("buttons", &self)
      write(strings: picture.buttons)
      object.name("cancel", &self)
      write(optional: picture.cancel)
      object.name("default", &self)
      write(integer: picture.defaultButton ?? 0)
      if picture.firstLine > 0 {
        object.name("first_line", &self)
        write(integer: picture.firstLine)
      }
      object.name("focus", &self)
      write(integer: picture.focusedButton ?? 0)
      object.name("id", &self)
      write(string: picture.id)
      object.name("kind", &self)
      write(string: ModalPicture.alertShape)
      object.name("message", &self)
      write(optional: picture.text)
      object.name("title", &self)
      write(string: picture.title)
    } else {
      writeDialog(picture, &object)
    }
    bytes.append(UInt8(ascii: "}"))
  }

  /// The members of the dialog shape, in their order on the wire.
  private mutating func writeDialog(_ picture: ModalPicture, _ object: inout ObjectMembers) {
    object.name("buttons", &self)
    write(strings: picture.buttons)
    object.name("cancel", &self)
    write(optional: picture.cancel)
    if let choices = picture.choices {
      object.name("choices", &self)
      write(choices: choices)
    }
    if let defaultButton = picture.defaultButton {
      object.name("default", &self)
      write(integer: defaultButton)
    }
    object.name("dialog", &self)
    write(string: picture.kind)
    object.name("field", &self)
    if let field = picture.field { write(field: field) } else { append("null") }
    if picture.firstLine > 0 {
      object.name("first_line", &self)
      write(integer: picture.firstLine)
    }
    object.name("focus", &self)
    write(optional: picture.focusedButton)
    object.name("id", &self)
    write(string: picture.id)
    if let keyboard = picture.keyboard {
      object.name("keyboard", &self)
      write(keyboard: keyboard)
    }
    object.name("kind", &self)
    write(string: ModalPicture.dialogShape)
    if let page = picture.page {
      object.name("page", &self)
      write(page: page)
    }
    if let percent = picture.percent {
      object.name("percent", &self)
      write(integer: percent)
    }
    if picture.system {
      object.name("system", &self)
      append("true")
    }
    object.name("text", &self)
    write(optional: picture.text)
    object.name("title", &self)
    write(string: picture.title)
  }

  private mutating func write(menuItems items: [DialogParts.Menu.Item]) {
    bytes.append(UInt8(ascii: "["))
    for (index, item) in items.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      append(#"{"enabled":"#)
      append(item.enabled ? "true" : "false")
      append(#","position":"#)
      write(string: item.position)
      append(#","section":"#)
      write(integer: item.section)
      append(#","submenu":"#)
      append(item.opensSubmenu ? "true" : "false")
      append(#","title":"#)
      write(string: item.title)
      bytes.append(UInt8(ascii: "}"))
    }
    bytes.append(UInt8(ascii: "]"))
  }

  private mutating func write(choices: DialogParts.Choices) {
    append(#"{"highlight":"#)
    write(optional: choices.highlight)
    append(#","items":["#)
    for (index, item) in choices.items.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      append(#"{"marked":"#)
      append(item.marked ? "true" : "false")
      append(#","tag":"#)
      write(optional: item.tag)
      append(#","text":"#)
      write(string: item.text)
      bytes.append(UInt8(ascii: "}"))
    }
    append(#"],"marks":"#)
    write(string: choices.marks.rawValue)
    if choices.isWindow {
      append(#","offset":"#)
      write(integer: choices.offset)
      append(#","total":"#)
      write(integer: choices.total)
    }
    bytes.append(UInt8(ascii: "}"))
  }

  private mutating func write(field: DialogParts.Field) {
    append(#"{"cursor":"#)
    write(integer: field.cursor)
    append(#","masked":"#)
    append(field.masked ? "true" : "false")
    append(#","max_length":"#)
    write(optional: field.maximumLength)
    append(#","text":"#)
    write(string: field.shown)
    bytes.append(UInt8(ascii: "}"))
  }

  private mutating func write(keyboard: DialogParts.Keyboard) {
    append(#"{"column":"#)
    write(integer: keyboard.column)
    append(#","row":"#)
    write(integer: keyboard.row)
    append(#","rows":["#)
    for (index, row) in keyboard.rows.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      write(strings: row)
    }
    append("]}")
  }

  private mutating func write(page: DialogParts.Page) {
    append(#"{"first":"#)
    write(integer: page.first)
    append(#","lines":"#)
    write(strings: page.lines)
    append(#","total":"#)
    write(integer: page.total)
    bytes.append(UInt8(ascii: "}"))
  }

  private mutating func write(strings: [String]) {
    bytes.append(UInt8(ascii: "["))
    for (index, string) in strings.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      write(string: string)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  private mutating func write(optional integer: Int?) {
    if let integer { write(integer: integer) } else { append("null") }
  }

  private mutating func write(optional string: String?) {
    if let string { write(string: string) } else { append("null") }
  }
}

/// The commas between an object's members: the first name goes without one.
private struct ObjectMembers {
  private var first = true

  /// Writes `"name":`, after a comma unless it is the first member.
  mutating func name(_ name: String, _ writer: inout JSONWriter) {
    if !first { writer.bytes.append(UInt8(ascii: ",")) }
    first = false
    writer.bytes.append(UInt8(ascii: "\""))
    writer.append(name)
    writer.append("\":")
  }
}
