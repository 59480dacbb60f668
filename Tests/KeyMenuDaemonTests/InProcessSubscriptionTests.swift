import KeyMenuCore
import KeyMenuProtocol
import KeyMenuTestKit
import KeyMenuTestSupport
import Testing

/// `events.subscribe` in the real core: the snapshot first, then each change
/// as a notification, only on the topics asked for.
@Suite struct InProcessSubscriptionTests {
  let daemon: InProcessDaemon

  init() throws { daemon = try InProcessDaemon(configuration: InProcessConfiguration.text) }

  @Test func theSnapshotComesFirstThenTheChanges() throws {
    let driver = try daemon.connect(tier: .drive)
    try driver.request(1, "alert.show", ["title": "Before", "buttons": ["No", "Yes"]])
    let observer = try daemon.connect(tier: .observe)
    let subscribed = try #require(try observer.request(1, "events.subscribe", ["topics": ["menu", "alert"]]))
    #expect(subscribed["result"]?["topics"] == ["alert", "menu"])
    let stack = try #require(subscribed["result"]?["snapshot"]?["state"]?["stack"]?.arrayValue)
    #expect(stack.count == 1)
    #expect(stack.first?["title"] == "Before")
    #expect(stack.first?["focus"] == 1)
    // Nothing from before the snapshot.
    #expect(observer.notifications().isEmpty)
    daemon.press(.left)
    let focus = observer.notifications()
    #expect(focus.map { $0["method"] } == ["alert.focus", "state.changed"])
    #expect(focus.first?["params"]?["focus"] == 0)
    daemon.press(.enter)
    let answered = observer.notifications()
    #expect(answered.map { $0["method"] } == ["alert.answered", "state.changed"])
    #expect(answered.first?["params"]?["title"] == "No")
    #expect(answered.last?["params"] == ["stack": []])
    #expect(driver.answer(to: 1)?["result"] == ["button": 0, "device": 1, "reason": "key", "title": "No"])
  }

  @Test func aMenuIsFollowedFromOpenedToClosed() throws {
    let driver = try daemon.connect(tier: .drive)
    let observer = try daemon.connect(tier: .observe)
    try observer.request(1, "events.subscribe", ["topics": ["menu", "selector"]])
    try driver.request(
      1, "menu.open", ["title": "Fruit", "items": [["title": "Apple"], ["title": "Banana"]]])
    let opened = observer.notifications()
    #expect(opened.map { $0["method"] } == ["menu.opened", "state.changed"])
    #expect(opened.first?["params"]?["highlight"] == 0)
    daemon.press(.down)
    let moved = observer.notifications()
    #expect(moved.map { $0["method"] } == ["menu.updated", "state.changed"])
    #expect(moved.first?["params"]?["highlight"] == 1)
    daemon.press(.enter)
    let chosen = observer.notifications()
    #expect(
      chosen.map { $0["method"] } == ["selector.invoked", "menu.selected", "menu.closed", "state.changed"])
    #expect(chosen.first?["params"]?["source"] == "plugin:menus")
    #expect(chosen[1]["params"]?["owner"] == .string("client:\(driver.id)"))
    #expect(chosen[1]["params"]?["title"] == "Banana")
  }

  /// `state` is `state.changed` alone, whatever kind changes: a presenter
  /// reads one line per change, not the kind's notification as well.
  @Test func theStateTopicIsStateChangedAlone() throws {
    let driver = try daemon.connect(tier: .drive)
    let presenter = try daemon.connect(tier: .observe)
    let subscribed = try #require(try presenter.request(1, "events.subscribe", ["topics": ["state"]]))
    #expect(subscribed["result"]?["topics"] == ["state"])
    try driver.request(
      1, "menu.open", ["title": "Fruit", "items": [["title": "Apple"], ["title": "Banana"]]])
    #expect(presenter.notifications().map { $0["method"] } == ["state.changed"])
    daemon.press(.down)
    let moved = presenter.notifications()
    #expect(moved.map { $0["method"] } == ["state.changed"])
    #expect(moved.first?["params"]?["stack"]?.arrayValue?.first?["highlight"] == 1)
    try driver.request(2, "alert.show", ["title": "Sure?", "buttons": ["No", "Yes"]])
    #expect(presenter.notifications().map { $0["method"] } == ["state.changed"])
    daemon.press(.enter)
    daemon.press(.escape)
    #expect(presenter.notifications().map { $0["method"] } == ["state.changed", "state.changed"])
  }

  @Test func aTopicNotAskedForIsNotSent() throws {
    let driver = try daemon.connect(tier: .drive)
    let observer = try daemon.connect(tier: .observe)
    try observer.request(1, "events.subscribe", ["topics": ["config"]])
    try driver.request(1, "alert.show", ["title": "Unseen"])
    daemon.press(.enter)
    #expect(driver.answer(to: 1)?["result"]?["reason"] == "key")
    #expect(observer.notifications().isEmpty)
  }

  @Test func anUnknownTopicSubscribesNothing() throws {
    let observer = try daemon.connect(tier: .observe)
    let error = try #require(
      try observer.request(40, "events.subscribe", ["topics": ["alert", "alerts"]])?["error"])
    #expect(error["code"] == -32602)
    #expect(error["data"] == ["field": "topics.[1]"])
    let driver = try daemon.connect(tier: .drive)
    try driver.request(1, "alert.show", ["title": "Unseen"])
    #expect(observer.notifications().isEmpty)
  }
}
