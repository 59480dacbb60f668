import KeyMenuClient
import KeyMenuOverlay
import KeyMenuPluginAPI
import KeyMenuProtocol
import Testing

/// The pure parts of following keymenud: lines to snapshots, the backoff,
/// the backend and position choices.
@Suite struct OverlayFollowingTests {
  func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test func theSubscriptionsSnapshotThenEachChange() {
    var follower = ModalFollower()
    #expect(String(decoding: ModalFollower.subscribeRequest, as: UTF8.self).contains(#""events.subscribe""#))
    let early = #"{"jsonrpc":"2.0","method":"state.changed","params":{"stack":[]}}"#
    #expect(follower.receive(line: bytes(early)) == .unchanged, "nothing counts before the snapshot")
    let answer =
      #"{"id":1,"jsonrpc":"2.0","result":{"snapshot":{"devices":[],"state":{"stack":[{"buttons":["No","Yes"],"cancel":0,"default":1,"focus":1,"id":"alert-1","kind":"alert","message":"Updates are installed.","title":"Reboot now?"}]}},"topics":["alert","menu"]}}"#
    #expect(follower.receive(line: bytes(answer)) == .changed(OverlaySamples.alert))
    let same =
      #"{"jsonrpc":"2.0","method":"state.changed","params":{"stack":[{"buttons":["No","Yes"],"cancel":0,"default":1,"focus":1,"id":"alert-1","kind":"alert","message":"Updates are installed.","title":"Reboot now?"}]}}"#
    #expect(follower.receive(line: bytes(same)) == .unchanged)
    #expect(
      follower.receive(line: bytes(#"{"jsonrpc":"2.0","method":"alert.focus","params":{}}"#)) == .unchanged)
    #expect(follower.receive(line: bytes(early)) == .changed(ModalSnapshot()))
    #expect(follower.receive(line: bytes("not json")) == .unchanged)
  }

  /// A newer daemon's entry kinds (read from their id and title) and a slow
  /// reader's `skipped` do not stop the follower; a stack that does not read
  /// as one changes nothing.
  @Test func unknownKindsAreReadAndAMalformedStackIsPassedOver() {
    var follower = ModalFollower()
    let answer =
      #"{"id":1,"jsonrpc":"2.0","result":{"snapshot":{"devices":[],"state":{"stack":[]}},"topics":["alert","menu"]}}"#
    #expect(follower.receive(line: bytes(answer)) == .changed(ModalSnapshot()))
    let newer =
      #"{"jsonrpc":"2.0","method":"state.changed","params":{"skipped":2,"stack":[{"kind":"countdown","id":"c-1"},{"buttons":["No","Yes"],"cancel":0,"default":1,"focus":1,"id":"alert-1","kind":"alert","message":"Updates are installed.","title":"Reboot now?"}]}}"#
    let read = ModalSnapshot(
      stack: [ModalPicture(id: "c-1", kind: "countdown", title: "countdown")] + OverlaySamples.alert.stack)
    #expect(follower.receive(line: bytes(newer)) == .changed(read))
    let malformed =
      #"{"jsonrpc":"2.0","method":"state.changed","params":{"stack":[{"kind":"alert","id":"a"}]}}"#
    #expect(follower.receive(line: bytes(malformed)) == .unchanged)
    #expect(follower.snapshot == read)
  }

  @Test func aRefusedSubscriptionSaysWhy() {
    var follower = ModalFollower()
    let refused = #"{"id":1,"jsonrpc":"2.0","error":{"code":-32001,"message":"needs tier observe"}}"#
    #expect(follower.receive(line: Array(refused.utf8)) == .refused("needs tier observe"))
  }

  @Test func backoffDoublesToItsLimitAndStartsAgain() {
    var backoff = ReconnectBackoff()
    #expect((0..<8).map { _ in backoff.next() } == [100, 200, 400, 800, 1600, 3200, 5000, 5000])
    backoff.reset()
    #expect(backoff.next() == 100)
  }

  @Test func autoFollowsWaylandThenX11() {
    #expect(
      OverlayBackend.auto.resolve(environment: ["WAYLAND_DISPLAY": "wayland-1", "DISPLAY": ":0"]) == .wayland)
    #expect(OverlayBackend.auto.resolve(environment: ["DISPLAY": ":0"]) == .x11)
    #expect(OverlayBackend.auto.resolve(environment: ["WAYLAND_DISPLAY": ""]) == nil)
    #expect(
      OverlayBackend.x11.resolve(environment: ["WAYLAND_DISPLAY": "wayland-1", "DISPLAY": ":0"]) == .x11)
    #expect(OverlayBackend.wayland.resolve(environment: ["DISPLAY": ":0"]) == nil)
  }

  @Test func positionsOnTheScreen() {
    #expect(OverlayPosition.center.top(screenHeight: 720, boxHeight: 120) == 300)
    #expect(OverlayPosition.top.top(screenHeight: 720, boxHeight: 120) == 72)
    #expect(OverlayPosition.bottom.top(screenHeight: 720, boxHeight: 120) == 528)
    #expect(OverlayPosition.center.top(screenHeight: 100, boxHeight: 300) == 0)
  }

  @Test func themesByName() {
    #expect(OverlayTheme.named("high-contrast") == .highContrast)
    #expect(OverlayTheme.named("neon") == nil)
    #expect(Set(OverlayTheme.all.map(\.name)).count == 3)
  }
}
