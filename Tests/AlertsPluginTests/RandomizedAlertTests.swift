import AlertsPlugin
import KeyMenuCore
import KeyMenuPluginAPI
import Testing

/// Random shows, keys, timeouts and dismissals: every shown alert gets
/// exactly one answer, and only shown alerts are answered.
@Suite struct RandomizedAlertTests {
  static let keys = [
    "ESC", "1", "2", "9", "TAB", "Y", "S", "N", "ENTER", "KPENTER", "LEFT", "RIGHT", "BACK", "OK", "F1",
  ]

  @Test(arguments: 0..<200)
  func everyShownAlertIsAnsweredExactlyOnce(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    var queue = AlertQueue()
    var shown: [String] = []
    var answers: [String: Int] = [:]
    func record(_ effects: [AlertQueue.Effect]) {
      for case .answered(let id, let answer) in effects {
        answers[id, default: 0] += 1
        if let button = answer.button { #expect(answer.reason != .dismissed, "seed \(seed)"); _ = button }
      }
    }
    for step in 0..<400 {
      switch Int.random(in: 0..<10, using: &random) {
      case 0:
        let id = "a\(step)"
        shown.append(id)
        let count = Int.random(in: 0...4, using: &random)
        let buttons = (0..<count).map { ["Yes", "No", "Save", "Skip", "OK"][$0] }
        let alert = Alert(
          title: id, buttons: buttons, cancel: Bool.random(using: &random) ? 0 : nil,
          defaultButton: Int.random(in: -1...4, using: &random))
        record(queue.show(alert, id: id))
      case 1:
        if let id = shown.randomElement(using: &random) { record(queue.timeOut(id)) }
      case 2:
        if let id = shown.randomElement(using: &random) { record(queue.dismiss(id)) }
      default:
        let action: KeyAction = [.down, .down, .up, .repeat].randomElement(using: &random)!
        let modifiers: ModifierSet = Bool.random(using: &random) ? [] : .leftShift
        record(queue.handle(key(Self.keys.randomElement(using: &random)!, action, modifiers)).effects)
      }
      #expect(queue.current != nil || queue.waiting.isEmpty, "seed \(seed): alerts waiting behind nothing")
    }
    record(queue.dismissAll())
    #expect(queue.isEmpty)
    #expect(Set(answers.keys) == Set(shown), "seed \(seed)")
    #expect(answers.values.allSatisfy { $0 == 1 }, "seed \(seed): \(answers.filter { $0.value != 1 })")
  }
}
