import KeyMenuOverlay
import KeyMenuPluginAPI
import KeyMenuProtocol
import Testing

/// Where the overlay's layout puts a modal's parts (``OverlayLayout``,
/// measured with Pango through ``OverlayTypesetter``), without drawing.
@Suite struct OverlayLayoutTests {
  let painter = OverlayPainter()
  static let fullHD = (width: 1920, height: 1080)

  func texts(_ scene: OverlayScene) -> [OverlayScene.Text] {
    scene.elements.compactMap { if case .text(let text) = $0 { text } else { nil } }
  }

  @Test func nothingInFrontDrawsNothing() {
    #expect(painter.scene(for: ModalSnapshot(), on: Self.fullHD) == nil)
  }

  /// 40 px text on 1080 lines (1/27), 27 on 720, 80 on a 2160-line output at scale 1.
  @Test func theTextFollowsTheOutputsHeight() {
    #expect(painter.metrics(on: (1920, 1080)).pixelSize == 40)
    #expect(painter.metrics(on: (1280, 720)).pixelSize == 27)
    #expect(painter.metrics(on: (3840, 2160)).pixelSize == 80)
    #expect(OverlayPainter(scale: 1.5).metrics(on: (1920, 1080)).pixelSize == 60)
    let metrics = painter.metrics(on: (1920, 1080))
    #expect(metrics.maximumWidth == 1728 && metrics.maximumHeight == 972)
  }

  /// Each item a target with its index in the whole list, the highlighted
  /// one on the focus bar; the title, the items and the keys as texts.
  @Test func aMenuHasItsItemsTitleAndFooter() throws {
    let scene = try #require(painter.scene(for: OverlaySamples.sections, on: Self.fullHD))
    #expect(scene.targets.map(\.action) == (0..<5).map { .item($0) })
    let all = texts(scene)
    #expect(all.first?.text == "Power" && all.first?.font == .title)
    #expect(all.contains { $0.text == "Lock screen" && $0.paint == .focusText })
    #expect(all.contains { $0.text == "Hibernate" && $0.paint == .dimmed })
    #expect(all.contains { $0.text == "›" }, "the submenu's arrow")
    #expect(all.contains { $0.text == "Enter: choose · Esc: close" && $0.font == .small })
    #expect(all.contains { $0.text == "3/5" })
    // A divider between the two sections: a hairline fill between Lock screen and Reboot.
    let lock = try #require(scene.targets.first { $0.action == .item(2) }).frame
    let reboot = try #require(scene.targets.first { $0.action == .item(3) }).frame
    #expect(reboot.y > lock.y + lock.height)
    #expect(
      scene.elements.contains {
        if case .fill(let rect, _, .track) = $0 {
          rect.y >= lock.y + lock.height && rect.y < reboot.y
        } else {
          false
        }
      })
  }

  /// The breadcrumb of a submenu names the levels above it.
  @Test func aSubmenuShowsWhereItIs() throws {
    let scene = try #require(painter.scene(for: OverlaySamples.submenu, on: Self.fullHD))
    #expect(texts(scene).first?.text == "Settings" && texts(scene).first?.paint == .dimmed)
    #expect(texts(scene).contains { $0.text == "Enter: choose · ←: back · Esc: close" })
  }

  /// A 500-item menu scrolled to its middle: a window of rows around the
  /// highlight that fits the safe area, and a scroll bar whose thumb is half way.
  @Test func aLongMenuScrollsAroundTheHighlight() throws {
    let scene = try #require(painter.scene(for: OverlaySamples.fiveHundred, on: Self.fullHD))
    let shown = scene.targets.compactMap { if case .item(let index) = $0.action { index } else { nil } }
    #expect(shown.contains(249) && shown.count >= 8 && shown.count < 20, "\(shown)")
    #expect(shown == Array(shown.first!...shown.last!))
    let middle = Double(shown.first! + shown.last!) / 2
    #expect(abs(middle - 249) <= 1)
    #expect(texts(scene).contains { $0.text == "250/500" })
    let thumbs = scene.elements.compactMap { if case .fill(let rect, _, .accent) = $0 { rect } else { nil } }
    let track = try #require(
      scene.elements.compactMap { if case .fill(let rect, _, .track) = $0 { rect } else { nil } }.max {
        $0.height < $1.height
      })
    let thumb = try #require(thumbs.first)
    let at = (thumb.y - track.y) / track.height
    #expect(abs(at - Double(shown.first!) / 500) < 0.02, "thumb at \(at)")
  }

  /// A text box scrolled to line 41 of 120: lines from 41, a scroll bar a third down.
  @Test func aTextBoxShowsItsPageAndWhereItIs() throws {
    let scene = try #require(painter.scene(for: OverlaySamples.textBox, on: Self.fullHD))
    let lines = texts(scene).filter { $0.font == .body && $0.text.first?.isNumber == true }
    #expect(lines.first?.text.hasPrefix("41. ") == true, "\(lines.first?.text ?? "")")
    let thumb = try #require(
      scene.elements.compactMap { if case .fill(let rect, _, .accent) = $0 { rect } else { nil } }.first)
    #expect(thumb.y > lines[0].frame.y)
  }

  /// The field shows the bullets of a masked prompt, a cursor bar after
  /// them; the keyboard draws every key as a cap with the focused one in
  /// the focus colour.
  @Test func aPromptHasItsFieldAndKeyboard() throws {
    let scene = try #require(painter.scene(for: OverlaySamples.keyboardPrompt, on: Self.fullHD))
    let all = texts(scene)
    #expect(all.contains { $0.text == "••••••" })
    for label in ["a", "k", "z", "@", "shift", "123", "space", "⌫", "done"] {
      #expect(all.contains { $0.text == label }, "\(label)")
    }
    #expect(all.first { $0.text == "k" }?.paint == .focusText)
    #expect(all.first { $0.text == "a" }?.paint == .text)
    #expect(scene.targets.map(\.action) == [.button(0), .button(1)])
  }

  /// The system's own question (`system`): an accent frame round the whole
  /// panel and the footer's hint starting "System question"; a client's
  /// prompt has neither.
  @Test func theSystemsQuestionIsFramedAndSaysSo() throws {
    var picture = try #require(OverlaySamples.prompt.front)
    let plain = try #require(painter.scene(for: OverlaySamples.prompt, on: Self.fullHD))
    picture.system = true
    let system = try #require(painter.scene(for: ModalSnapshot(stack: [picture]), on: Self.fullHD))
    func frames(_ scene: OverlayScene) -> [OverlayScene.Rect] {
      scene.elements.compactMap { if case .outline(let rect, _, _, .accent) = $0 { rect } else { nil } }
    }
    #expect(frames(plain).isEmpty)
    let frame = try #require(frames(system).first)
    #expect(frame.x < 4 && frame.y < 4 && frame.width > system.width - 8 && frame.height > system.height - 8)
    #expect(texts(system).contains { $0.text.hasPrefix("System question · ") })
    #expect(!texts(plain).contains { $0.text.contains("System question") })
  }

  /// Check boxes and radio marks: a marked check box is an accent fill with
  /// a tick; the highlighted choice is outlined while a button has the focus.
  @Test func choicesHaveTheirMarks() throws {
    let checklist = try #require(painter.scene(for: OverlaySamples.checklist, on: Self.fullHD))
    #expect(texts(checklist).filter { $0.text == "✓" }.count == 2)
    #expect(texts(checklist).contains { $0.text == "avahi" && $0.paint == .focusText })
    let radio = try #require(painter.scene(for: OverlaySamples.radiolist, on: Self.fullHD))
    #expect(radio.elements.contains { if case .outline(_, _, _, .focus) = $0 { true } else { false } })
    #expect(texts(radio).first { $0.text == "OK" }?.paint == .focusText)
  }

  /// The gauge: a track, a fill 42 % of it, the percent.
  @Test func aGaugeHasABar() throws {
    let scene = try #require(painter.scene(for: OverlaySamples.gauge, on: Self.fullHD))
    let track = try #require(
      scene.elements.compactMap { if case .fill(let r, _, .track) = $0 { r } else { nil } }.last)
    let fill = try #require(
      scene.elements.compactMap { if case .fill(let r, _, .accent) = $0 { r } else { nil } }.first)
    #expect(abs(fill.width / track.width - 0.42) < 0.01)
    #expect(texts(scene).contains { $0.text == "42%" })
  }

  /// Right to left: the panel is mirrored, the title set at the right.
  @Test func rightToLeftIsMirrored() throws {
    let scene = try #require(painter.scene(for: OverlaySamples.rightToLeft, on: Self.fullHD))
    let title = try #require(texts(scene).first)
    #expect(title.alignment == .right)
    #expect(title.frame.x + title.frame.width > scene.width - 2 * scene.bodyPixelSize)
    let latin = try #require(painter.scene(for: OverlaySamples.alert, on: Self.fullHD))
    #expect(texts(latin).first?.alignment == .left)
  }

  @Test func controlAndBidiOverrideCharactersAreShownNotPassedOn() throws {
    let hostile = ModalSnapshot(stack: [
      ModalPicture.alert(
        id: "a", title: "Pay\u{202E}gnp.exe", message: "line\u{1B}[2J", buttons: ["O\u{7}K"], focus: 0,
        cancel: nil, defaultButton: 0)
    ])
    let scene = try #require(painter.scene(for: hostile, on: Self.fullHD))
    let all = texts(scene).map(\.text).joined()
    #expect(!all.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x1B || $0.value == 7 })
    #expect(all.contains("Pay"))
  }

  /// What is behind is counted in the footer.
  @Test func whatIsBehindIsCounted() throws {
    let scene = try #require(painter.scene(for: OverlaySamples.longList, on: Self.fullHD))
    #expect(texts(scene).contains { $0.text.hasSuffix("1 more behind this one") })
  }

  /// Down on a menu changes the two items' rows and the footer's "3/5",
  /// nothing else: what the X11 window redraws.
  @Test func aMovedHighlightChangesTwoRowsAndTheFooter() throws {
    let before = try #require(painter.scene(for: OverlaySamples.sections, on: Self.fullHD))
    var moved = OverlaySamples.sections
    moved.stack[0].menu?.highlight = 3
    let after = try #require(painter.scene(for: moved, on: Self.fullHD))
    let changed = try #require(after.changedRects(since: before))
    let lock = try #require(before.targets.first { $0.action == .item(2) }).frame
    let reboot = try #require(before.targets.first { $0.action == .item(3) }).frame
    let footer = try #require(texts(before).first { $0.text == "3/5" }).frame
    #expect(!changed.isEmpty)
    for rect in changed {
      let inRows = rect.y >= lock.y && rect.y + rect.height <= reboot.y + reboot.height
      let inFooter = rect.y >= footer.y && rect.y + rect.height <= footer.y + footer.height
      #expect(inRows || inFooter, "\(rect)")
    }
    #expect(after.changedRects(since: after) == [])
    let other = try #require(painter.scene(for: OverlaySamples.alert, on: Self.fullHD))
    #expect(after.changedRects(since: other) == nil, "another size: drawn anew")
  }
  /// The footer's "9/12" becomes "10/12" as the highlight moves: the panel
  /// keeps its size all the way down a short menu (its footer the widest
  /// part), so that the window is not resized and drawn anew on a key.
  @Test func aMovingHighlightKeepsThePanelsSize() throws {
    let items = (1...12).map { OverlaySamples.item("Item \($0)") }
    var sizes: Set<[Int]> = []
    for highlight in 0..<12 {
      let snapshot = ModalSnapshot(stack: [
        ModalPicture.menu(id: "menu-12", path: ["Latency"], items: items, highlight: highlight, filter: "")
      ])
      let scene = try #require(painter.scene(for: snapshot, on: Self.fullHD))
      sizes.insert([scene.size.width, scene.size.height])
    }
    #expect(sizes.count == 1, "\(sizes)")
  }
}
