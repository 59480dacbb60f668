import KeyMenuClient
import KeyMenuPluginAPI
import KeyMenuProtocol
import Testing

/// The modal state read back from the protocol: the subscription to send,
/// then each line turned into the stack now in front.
@Suite struct ModalFollowerTests {
  func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  static let alertEntry =
    #"{"buttons":["No","Yes"],"cancel":0,"default":1,"focus":1,"id":"alert-1","kind":"alert","message":"Go on?","title":"Ask"}"#

  @Test func theSubscriptionAsksForAlertsAndMenusWithItsID() throws {
    let request = try #require(JSONValue.parse(ModalFollower.subscribeRequest))
    #expect(request["method"]?.stringValue == "events.subscribe")
    #expect(request["id"] == RPCID.number(ModalFollower.subscribeID).jsonValue)
    let topics = try #require(request["params"]?["topics"]).decoded(as: [String].self)
    #expect(topics == ["state"])
  }

  @Test func nothingCountsBeforeTheSubscriptionIsAnswered() {
    var follower = ModalFollower()
    let change = #"{"jsonrpc":"2.0","method":"state.changed","params":{"stack":[\#(Self.alertEntry)]}}"#
    #expect(follower.receive(line: bytes(change)) == .unchanged)
    #expect(!follower.subscribed)
    #expect(follower.snapshot == ModalSnapshot())
  }

  @Test func theAnswersSnapshotThenEachChange() {
    var follower = ModalFollower()
    let answer =
      #"{"id":1,"jsonrpc":"2.0","result":{"snapshot":{"devices":[],"state":{"stack":[\#(Self.alertEntry)]}},"topics":["alert","menu"]}}"#
    guard case .changed(let first) = follower.receive(line: bytes(answer)) else {
      Issue.record("the answer changed nothing")
      return
    }
    #expect(follower.subscribed)
    #expect(first.depth == 1)
    #expect(first.front?.id == "alert-1")
    #expect(follower.snapshot == first)
    let same = #"{"jsonrpc":"2.0","method":"state.changed","params":{"stack":[\#(Self.alertEntry)]}}"#
    #expect(follower.receive(line: bytes(same)) == .unchanged, "a repeat changes nothing")
    let other = #"{"jsonrpc":"2.0","method":"alert.focus","params":{}}"#
    #expect(follower.receive(line: bytes(other)) == .unchanged)
    let empty = #"{"jsonrpc":"2.0","method":"state.changed","params":{"stack":[]}}"#
    #expect(follower.receive(line: bytes(empty)) == .changed(ModalSnapshot()))
    #expect(follower.snapshot.front == nil)
    #expect(follower.receive(line: bytes("{not json")) == .unchanged)
    let answerToAnother = #"{"id":7,"jsonrpc":"2.0","result":{}}"#
    #expect(follower.receive(line: bytes(answerToAnother)) == .unchanged)
  }

  @Test func aRefusalSaysWhyOrThatItWasRefused() {
    var follower = ModalFollower()
    let refused = #"{"id":1,"jsonrpc":"2.0","error":{"code":-32001,"message":"needs tier observe"}}"#
    #expect(follower.receive(line: bytes(refused)) == .refused("needs tier observe"))
    #expect(!follower.subscribed)
    let bare = #"{"id":1,"jsonrpc":"2.0","error":{"code":-32001}}"#
    #expect(follower.receive(line: bytes(bare)) == .refused("events.subscribe was refused"))
  }
}

@Suite struct ClientFailureTests {
  @Test func connectingExplainsTheCommonErrnos() {
    let path = "/run/keymenu/keymenu.sock"
    #expect(
      ClientFailure.connecting(path, errno: 2).message.hasPrefix("no socket at \(path): is keymenud running?")
    )
    #expect(ClientFailure.connecting(path, errno: 111).message.hasPrefix("nobody listens on \(path)"))
    #expect(ClientFailure.connecting(path, errno: 13).message.hasPrefix("permission denied on \(path)"))
    #expect(ClientFailure.connecting(path, errno: 1).message.contains("usermod -aG keymenu"))
    #expect(
      ClientFailure.connecting(path, errno: 36).message == "cannot connect to \(path): File name too long")
  }

  @Test func onlyARealRefusalSaysRefused() {
    for code in [-32001, -32003, -32007] {
      #expect(RPCError(code: code, message: "m").failure.message == "the daemon refused: m (\(code))")
    }
    #expect(
      RPCError(code: -32004, message: "no such menu").failure.message.contains("`keymenuctl selectors`"))
    #expect(RPCError(code: -32602, message: "bad params").failure.message == "bad params (-32602)")
  }

  @Test func aResultOrItsFailure() throws {
    let success: Result<JSONValue, RPCError> = .success(.string("ok"))
    #expect(try success.orFail() == .string("ok"))
    let failure: Result<JSONValue, RPCError> = .failure(RPCError(code: -32001, message: "tier"))
    #expect(throws: ClientFailure.self) { try failure.orFail() }
  }

  @Test func anAnswerOfAnotherShapeNamesTheMethod() throws {
    #expect(try JSONValue.array([.string("a")]).read(as: [String].self, from: "x.list") == ["a"])
    do {
      _ = try JSONValue.string("a").read(as: [String].self, from: "x.list")
      Issue.record("a string read as an array")
    } catch {
      #expect(error.message.hasPrefix("the daemon's answer to x.list is not one this keymenuctl reads"))
    }
  }

  @Test func theSocketOptionComesFirst() {
    #expect(DaemonConnection.path(option: "/tmp/elsewhere.sock") == "/tmp/elsewhere.sock")
    #expect(
      DaemonConnection.inherited(option: "/tmp/elsewhere.sock") == nil, "a named socket wins over KEYMENU_FD")
    #expect(DaemonConnection.defaultPath == "/run/keymenu/keymenu.sock")
  }
}
