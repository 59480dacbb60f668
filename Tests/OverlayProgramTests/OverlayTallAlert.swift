import Foundation
import KeyMenuOverlay
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuTestSupport
import Testing

/// An alert whose message is 8,000 lines (one letter a line: about as many
/// as keymenud's 16 KiB message limit holds), for the end-to-end tests that
/// the overlay's box stays inside the output with its buttons on it, on
/// X11 and on Wayland (issue 28, finding 9): the box used to be drawn
/// 8,000 lines tall, its top on the screen and its buttons far below it.
enum OverlayTallAlert {
  static let lines = 8000
  static let message = (0..<lines).map { String(UnicodeScalar(UInt8(97 + $0 % 26))) }
    .joined(separator: "\n")
  static let snapshot = ModalSnapshot(stack: [

    ModalPicture.alert(
      id: "", title: "Release notes", message: message, buttons: ["No", "Yes"], focus: 1, cancel: 0,
      defaultButton: 1)
  ])

  /// Writes the message to `$DIR/tall.txt`, for ``spawn(_:)``.
  static func write(in directory: String) throws {
    try message.write(toFile: directory + "/tall.txt", atomically: true, encoding: .utf8)
  }

  /// The scenario line that shows the alert with keymenuctl as client `name`.
  static func spawn(_ name: String) -> String {
    #"spawn \#(name) sh -c '$CTL alert "Release notes" --message "$(cat $DIR/tall.txt)" --button No --button Yes --cancel 0'"#
  }

  /// The panel on `alert` (a screenshot of an output the size of
  /// `before`, taken before the alert came), and the rows that changed when
  /// Left moved the focus (`left`, when the scenario got that far): the
  /// whole panel lies inside the output's safe area and is the painter's
  /// scene of the alert there (the message's top with a scroll bar, the
  /// buttons and the keys), the buttons inside the output; Left changed
  /// only the button row and the footer. `tolerance` pixels for where the
  /// panel is (a compositor centres it to the pixel or not).
  static func check(
    alert: RasterImage, before: RasterImage, left: RasterImage?, painter: OverlayPainter, tolerance: Int = 0
  ) throws {
    let box = try #require(
      ScreenScenario.changedBox(alert, before), "the alert changed nothing on the screen")
    #expect(
      box.y > 0 && box.y + box.height < before.height && box.height <= before.height,
      "the panel \(box) is not inside the \(before.width)×\(before.height) output")
    let scene = try #require(painter.scene(for: snapshot, on: (before.width, before.height)))
    #expect(scene.height <= Double(before.height) * 0.9, "the scene is \(scene.size)")
    #expect(
      scene.elements.contains { if case .fill(_, _, .accent) = $0 { true } else { false } }, "a scroll bar")
    let size = scene.size
    #expect(
      abs(box.width - size.width) <= tolerance && abs(box.height - size.height) <= tolerance,
      "panel \(box), scene \(size)")
    let button = try ScreenScenario.frame(of: .button(1), in: scene)
    let buttonTop = box.y + Int(button.y)
    let buttonBottom = box.y + Int((button.y + button.height).rounded(.up))
    #expect(buttonTop > 0 && buttonBottom < before.height, "button row \(buttonTop)..<\(buttonBottom)")
    let onScreen = alert.cropped(x: box.x, y: box.y, width: size.width, height: size.height)
    let drawn = painter.image(of: scene).composited(over: before, x: box.x, y: box.y)
    let differing = onScreen.differingPixels(from: drawn, tolerance: 32) ?? Int.max
    #expect(
      differing <= size.width * size.height / 500,
      "\(differing) pixels of the panel differ from the painter's")
    let buttonRows = (buttonTop - box.y)..<(buttonBottom - box.y)
    let differingButtons = onScreen.differingPixels(from: drawn, tolerance: 32, rows: buttonRows) ?? Int.max
    #expect(
      differingButtons <= size.width * buttonRows.count / 100,
      "\(differingButtons) pixels of the button row differ from the painter's")
    // Left moved the focus: the button row and the footer under it changed, nothing above.
    guard let left else { return }
    let changed = left.differingRows(from: alert)
    #expect(
      !changed.isEmpty && changed.allSatisfy { $0 >= buttonTop && $0 < box.y + box.height }, "\(changed)")
  }

  /// The window's position and size in `xwininfo`'s answer.
  static func geometry(xwininfo text: String) -> (x: Int, y: Int, width: Int, height: Int)? {
    func value(_ name: String) -> Int? {
      guard let line = text.split(separator: "\n").first(where: { $0.contains(name) }) else { return nil }
      return Int(line.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "")
    }
    guard let x = value("Absolute upper-left X"), let y = value("Absolute upper-left Y"),
      let width = value("Width"), let height = value("Height")
    else { return nil }
    return (x, y, width, height)
  }
}
