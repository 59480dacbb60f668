import Testing

@testable import SpeechPlugin

/// The speaker's queue: what is said next, and what a newer utterance ends.
@Suite struct UtteranceQueueTests {
  @Test func anInterruptionDropsWhatWaitsAndEndsWhatIsBeingSaid() throws {
    var queue = UtteranceQueue()
    let wake = queue.add(Utterance("Power menu"))
    #expect(wake)
    let next = queue.next()
    let first = try #require(next)
    #expect(first.utterance.text == "Power menu")
    let wakeAgain = queue.add(Utterance("later", interrupts: false))
    #expect(!wakeAgain, "the thread is still saying")
    #expect(queue.isCurrent(first.generation))
    _ = queue.add(Utterance("Reboot, 2 of 4"))
    #expect(!queue.isCurrent(first.generation))
    #expect(queue.waiting.map(\.text) == ["Reboot, 2 of 4"])
    let second = queue.next()
    #expect(second.map { queue.isCurrent($0.generation) } == true)
    #expect(queue.next() == nil)
  }

  @Test func utterancesThatWaitKeepTheirOrderUpToTheLimit() {
    var queue = UtteranceQueue()
    for index in 1...UtteranceQueue.limit + 3 { _ = queue.add(Utterance("\(index)", interrupts: false)) }
    #expect(queue.waiting.map(\.text) == (4...UtteranceQueue.limit + 3).map(String.init))
    let generation = queue.generation
    let next = queue.next()
    #expect(next?.generation == generation, "waiting does not end what is being said")
  }

  @Test func theWorkerIsScheduledAgainOnlyAfterItFoundTheQueueEmpty() {
    var queue = UtteranceQueue()
    var wakes = [queue.add(Utterance("a")), queue.add(Utterance("b"))]
    _ = queue.next()
    let dry = queue.next()
    wakes.append(queue.add(Utterance("c")))
    #expect(dry == nil)
    #expect(wakes == [true, false, true])
  }

  @Test func stoppingEndsEverythingForGood() {
    var queue = UtteranceQueue()
    _ = queue.add(Utterance("a"))
    let current = queue.next()!
    _ = queue.add(Utterance("b", interrupts: false))
    queue.stop()
    #expect(!queue.isCurrent(current.generation))
    let next = queue.next()
    let wake = queue.add(Utterance("c"))
    #expect(next == nil)
    #expect(!wake)
    #expect(queue.waiting.isEmpty)
  }
}
