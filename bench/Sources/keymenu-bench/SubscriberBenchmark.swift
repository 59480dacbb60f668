import Glibc

/// Many subscribers, every event to each: `subscribers` connections subscribe
/// to `alert` and `menu`; one driver connection then runs `cycles` times a
/// menu.open + menu.close pair and an alert.show + alert.dismiss pair (each
/// pair in one write, the next pair after both answers). One thread polls
/// every socket. Every subscriber must count exactly the notifications the
/// pairs cause, or the benchmark fails: a missed event is a broken daemon.
struct SubscriberBenchmark {
  var socket: String
  /// keymenud's process id, for its CPU time per event and subscriber.
  var pid: pid_t
  var subscribers: Int
  var cycles: Int
  var label: String

  func run() {
    let connections = (0..<subscribers).map { _ in LineConnection(connectingTo: socket) }
    let subscribe = line(
      #"{"jsonrpc":"2.0","id":1,"method":"events.subscribe","params":{"topics":["alert","menu"]}}"#)
    for connection in connections { connection.send(subscribe) }
    for (index, connection) in connections.enumerated() {
      guard connection.readLine({ $0.starts(with: Self.resultPrefix(id: 1)) }) == true else {
        fail("subscriber \(index): events.subscribe did not succeed")
      }
    }
    let driver = LineConnection(connectingTo: socket)
    let hello = driver.exchange(line(#"{"jsonrpc":"2.0","id":1,"method":"hello"}"#)) {
      String(decoding: $0, as: UTF8.self)
    }
    guard let hello, hello.contains(#""menu.open""#), hello.contains(#""alert.show""#) else {
      fail("the driver connection may not open menus (needs the drive tier): \(hello ?? "no answer")")
    }

    let steps = 2 * cycles
    let expected = EventTally.expected(menus: cycles, alerts: cycles)
    var tallies = [EventTally](repeating: EventTally(), count: subscribers)
    var entries = (connections + [driver]).map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
    var complete = 0
    var step = 0
    var pending = 2
    let cpuBefore = ThreadSnapshot(pid: pid).cpuNanoseconds
    let start = monotonicNanoseconds()
    driver.send(requests(step: 0))
    var lastRequest = start
    var lastEvent = start
    var lastProgress = start
    while complete < subscribers || step < steps {
      let ready = UnixSocket.poll(&entries, timeout: 1000)
      let now = monotonicNanoseconds()
      guard ready > 0 else {
        if now - lastProgress > 10_000_000_000 { stall(tallies, expected: expected, step: step) }
        continue
      }
      lastProgress = now
      for index in 0..<subscribers where entries[index].revents != 0 {
        let before = tallies[index].total
        guard connections[index].readAvailable({ tallies[index].count($0) }) else {
          fail("subscriber \(index) was disconnected after \(tallies[index].total) lines")
        }
        if before < expected.total, tallies[index].total >= expected.total {
          complete += 1
          lastEvent = now
        }
      }
      if entries[subscribers].revents != 0 {
        let open = driver.readAvailable { answer in
          guard
            answer.starts(with: Self.resultPrefix(id: 2 * step + 2))
              || answer.starts(with: Self.resultPrefix(id: 2 * step + 3))
          else { fail("driver: unexpected answer \(String(decoding: answer, as: UTF8.self))") }
          pending -= 1
        }
        guard open else { fail("the driver connection was closed") }
        if pending == 0 {
          step += 1
          if step < steps {
            driver.send(requests(step: step))
            pending = 2
            lastRequest = monotonicNanoseconds()
          }
        }
      }
    }
    let cpu = max(ThreadSnapshot(pid: pid).cpuNanoseconds - cpuBefore, 0)
    checkNoMore(connections, &tallies, expected: expected)
    report(start: start, lastRequest: lastRequest, lastEvent: lastEvent, perSubscriber: expected.total)
    reportCPU(cpu, perSubscriber: expected.total)
  }

  /// The daemon's CPU time over the run, per event and per event and subscriber.
  private func reportCPU(_ nanoseconds: Int, perSubscriber events: Int) {
    let perEvent = UInt64(nanoseconds / max(events, 1))
    let perDelivery = Double(nanoseconds) / Double(max(events * subscribers, 1))
    print(
      "\(label)\(subscribers) subscribers: keymenud CPU \(millis(UInt64(nanoseconds))) for \(events) events: "
        + "\(micros(perEvent)) per event, \(format(perDelivery / 1000)) us per event per subscriber "
        + "(all threads' /proc/PID/task/*/schedstat from the first request to the last subscriber's last event, "
        + "the driver's \(4 * cycles) requests included)")
  }

  /// Waits 200 ms for lines beyond the expected ones, then checks every tally.
  private func checkNoMore(
    _ connections: [LineConnection], _ tallies: inout [EventTally], expected: EventTally
  ) {
    var entries = connections.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
    while UnixSocket.poll(&entries, timeout: 200) > 0 {
      for index in entries.indices where entries[index].revents != 0 {
        guard connections[index].readAvailable({ tallies[index].count($0) }) else {
          fail("subscriber \(index) was disconnected")
        }
      }
    }
    let missed = tallies.indices.filter { tallies[$0] != expected }
    guard missed.isEmpty else {
      fail(
        "\(subscribers - missed.count)/\(subscribers) subscribers received exactly the expected events; "
          + "expected \(expected.description); subscriber \(missed[0]) got \(tallies[missed[0]].description)")
    }
  }

  private func report(start: UInt64, lastRequest: UInt64, lastEvent: UInt64, perSubscriber: Int) {
    let total = perSubscriber * subscribers
    let seconds = Double(lastEvent - start) / 1e9
    print(
      "\(label)\(subscribers) subscribers: \(subscribers)/\(subscribers) received all \(perSubscriber) events; "
        + "\(total) notifications in \(format(seconds)) s: \(Int(Double(total) / seconds)) notifications/s; "
        + "last request -> last subscriber's last event \(millis(lastEvent - lastRequest))")
    print(
      "  method: \(subscribers) connections subscribe to alert+menu; one driver connection runs \(cycles) "
        + "menu.open+menu.close and \(cycles) alert.show+alert.dismiss pairs, each pair in one write, the next "
        + "after both answers; one thread polls all \(subscribers + 1) sockets; per subscriber each of "
        + "menu.opened/closed, alert.shown/answered, state.changed counted and checked; time from the first "
        + "request to the last subscriber's last event")
  }

  private func stall(_ tallies: [EventTally], expected: EventTally, step: Int) -> Never {
    let behind = tallies.indices.filter { tallies[$0].total < expected.total }
    fail(
      "no progress for 10 s at pair \(step) of \(2 * cycles); \(behind.count) subscribers are missing "
        + "events; expected \(expected.description)"
        + (behind.first.map { "; subscriber \($0) has \(tallies[$0].description)" } ?? ""))
  }

  /// The two requests of pair `step` (ids 2*step+2 and 2*step+3), in one buffer.
  private func requests(step: Int) -> [UInt8] {
    let first = 2 * step + 2
    if step % 2 == 0 {
      return line(
        #"{"jsonrpc":"2.0","id":\#(first),"method":"menu.open","params":{"title":"Bench \#(step)","#
          + #""items":[{"title":"One"},{"title":"Two"}]}}"#)
        + line(#"{"jsonrpc":"2.0","id":\#(first + 1),"method":"menu.close","params":{"request":\#(first)}}"#)
    }
    return line(
      #"{"jsonrpc":"2.0","id":\#(first),"method":"alert.show","params":{"title":"Bench \#(step)","#
        + #""buttons":["OK"]}}"#)
      + line(#"{"jsonrpc":"2.0","id":\#(first + 1),"method":"alert.dismiss","params":{"request":\#(first)}}"#)
  }

  private func line(_ text: String) -> [UInt8] { Array(text.utf8) + [0x0A] }

  private static func resultPrefix(id: Int) -> [UInt8] {
    Array(#"{"id":\#(id),"jsonrpc":"2.0","result":"#.utf8)
  }
}
