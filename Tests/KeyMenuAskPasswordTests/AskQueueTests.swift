import KeyMenuAskPassword
import Testing

/// The questions an agent holds (``AskQueue``): one prompt at a time in the
/// order they came, withdrawn when another agent answers first or the time
/// passes, and an answer sent only to a question still there.
@Suite struct AskQueueTests {
  func ask(_ socket: String, notAfter: UInt64? = nil) -> AskFile {
    var text = "[Ask]\nMessage=Q \(socket)\nSocket=/d/\(socket)\n"
    if let notAfter { text += "NotAfter=\(notAfter)\n" }
    return try! AskFile(parsing: text, directory: "/d")
  }

  @Test func questionsAreAskedOneAtATimeInTheirOrder() {
    var queue = AskQueue()
    let first = ask("s1")
    let second = ask("s2")
    #expect(queue.add(name: "ask.1", ask: first, now: 0) == [.show(name: "ask.1", ask: first)])
    #expect(queue.add(name: "ask.2", ask: second, now: 0).isEmpty)
    #expect(queue.add(name: "ask.1", ask: first, now: 0).isEmpty, "read again: nothing new")
    let answered = queue.finish("ask.1")
    #expect(answered.socket == "/d/s1")
    #expect(answered.effects == [.show(name: "ask.2", ask: second)])
    #expect(queue.finish("ask.2").socket == "/d/s2")
    #expect(queue.front == nil && queue.questions.isEmpty)
  }

  /// Another agent (the tty's) answered: the file goes, the prompt goes,
  /// and keymenu's late answer goes nowhere.
  @Test func aQuestionAnsweredElsewhereIsWithdrawnAndNotAnswered() {
    var queue = AskQueue()
    let first = ask("s1")
    let second = ask("s2")
    _ = queue.add(name: "ask.1", ask: first, now: 0)
    _ = queue.add(name: "ask.2", ask: second, now: 0)
    #expect(queue.remove(name: "ask.1") == [.withdraw(name: "ask.1"), .show(name: "ask.2", ask: second)])
    #expect(queue.finish("ask.1").socket == nil)
    #expect(queue.remove(name: "ask.9").isEmpty)
  }

  @Test func aQuestionWaitingBehindTheFrontGoesQuietly() {
    var queue = AskQueue()
    let first = ask("s1")
    _ = queue.add(name: "ask.1", ask: first, now: 0)
    _ = queue.add(name: "ask.2", ask: ask("s2"), now: 0)
    #expect(queue.remove(name: "ask.2").isEmpty)
    #expect(queue.front == "ask.1")
  }

  @Test func notAfterClosesThePromptAndSkipsVoidQuestions() {
    var queue = AskQueue()
    let first = ask("s1", notAfter: 100)
    let second = ask("s2", notAfter: 50)
    let third = ask("s3")
    #expect(queue.add(name: "ask.0", ask: ask("s0", notAfter: 10), now: 20).isEmpty, "void already")
    _ = queue.add(name: "ask.1", ask: first, now: 20)
    _ = queue.add(name: "ask.2", ask: second, now: 20)
    _ = queue.add(name: "ask.3", ask: third, now: 20)
    #expect(queue.nextDeadline == 50)
    #expect(queue.expire(now: 60).isEmpty, "the one behind went, the front stays")
    #expect(queue.nextDeadline == 100)
    #expect(queue.expire(now: 101) == [.withdraw(name: "ask.1"), .show(name: "ask.3", ask: third)])
    #expect(queue.nextDeadline == nil)
    #expect(queue.finish("ask.1").socket == nil)
  }
}
