import KeyMenuProtocol
import Testing

/// The params of `checklist.show` and `radiolist.show` as the protocol
/// checks them, and the answers' shapes on the wire.
@Suite struct ChoiceListParamsTests {
  /// The member a check names, or nil when the params pass.
  func fault(_ params: ChoiceListShowParams, radio: Bool = false) -> String? {
    do throws(RPCError) {
      try params.check()
      if radio { try params.checkOneMarked() }
      return nil
    } catch {
      return error.data?["field"]?.stringValue ?? "no field: \(error.message)"
    }
  }

  @Test func everyTextAndNumberIsCheckedNamingItsMember() {
    let item = ChoiceItemParams(tag: "a", text: "A")
    #expect(fault(ChoiceListShowParams(title: "T", items: [item])) == nil)
    #expect(
      fault(ChoiceListShowParams(title: "", items: [item])) == nil, "an empty title is the client's choice")
    #expect(fault(ChoiceListShowParams(title: "T\u{0}", items: [item])) == "title")
    #expect(fault(ChoiceListShowParams(title: "T", message: "\u{2066}", items: [item])) == "message")
    #expect(fault(ChoiceListShowParams(title: "T", items: [])) == "items")
    #expect(fault(ChoiceListShowParams(title: "T", items: Array(repeating: item, count: 4097))) == "items")
    #expect(fault(ChoiceListShowParams(title: "T", items: Array(repeating: item, count: 4096))) == nil)
    #expect(
      fault(ChoiceListShowParams(title: "T", items: [item, .init(tag: "\u{1B}", text: "B")]))
        == "items.[1].tag")
    let long = String(repeating: "x", count: 1025)
    #expect(fault(ChoiceListShowParams(title: "T", items: [.init(text: long)])) == "items.[0].text")
    #expect(fault(ChoiceListShowParams(title: "T", items: [item], highlight: -1)) == "highlight")
    #expect(fault(ChoiceListShowParams(title: "T", items: [item], highlight: 1)) == "highlight")
    #expect(fault(ChoiceListShowParams(title: "T", items: [item], cancelTitle: "\u{85}")) == "cancel")
  }

  @Test func aRadiolistRefusesASecondMarkNamingIt() {
    let items = [
      ChoiceItemParams(text: "A"), ChoiceItemParams(text: "B", marked: true),
      ChoiceItemParams(text: "C", marked: true),
    ]
    #expect(fault(ChoiceListShowParams(title: "T", items: items), radio: true) == "items.[2].marked")
    #expect(fault(ChoiceListShowParams(title: "T", items: items)) == nil)
    #expect(fault(ChoiceListShowParams(title: "T", items: Array(items.prefix(2))), radio: true) == nil)
  }

  @Test func theButtonsAndTheHeldBytes() {
    let item = ChoiceItemParams(tag: "ab", text: "cde")
    #expect(ChoiceListShowParams(title: "T", items: [item]).buttons == ["OK", "Cancel"])
    #expect(
      ChoiceListShowParams(title: "T", items: [item], okTitle: "Go", cancelTitle: "No").buttons == [
        "Go", "No",
      ])
    #expect(
      ChoiceListShowParams(title: "T", items: [item], cancelTitle: "No", noCancel: true).buttons == ["OK"])
    // What it costs in memory (HoldingCost): each item, and its text three times.
    #expect(
      ChoiceListShowParams(title: "T", message: "mm", items: [item, item]).heldBytes
        == 2 * HoldingCost.item + (1 + 2 + 10) * HoldingCost.textCopies)
  }

  @Test func theAnswersOnTheWire() throws {
    #expect(
      JSONValue(encoding: ChecklistShowResult.marked([0, 2], tags: ["a", "c"])).jsonText
        == #"{"marked":[0,2],"tags":["a","c"]}"#)
    #expect(
      JSONValue(encoding: RadiolistShowResult.marked(nil, tag: nil)).jsonText
        == #"{"marked":null,"tag":null}"#)
    #expect(
      JSONValue(encoding: RadiolistShowResult.marked(1, tag: "b")).jsonText == #"{"marked":1,"tag":"b"}"#)
    let cancelled = JSONValue(encoding: ChecklistShowResult.cancelled(reason: ChoiceListReason.cancel))
    #expect(cancelled.jsonText == #"{"cancelled":true,"reason":"cancel"}"#)
    #expect(try cancelled.decoded(as: RadiolistShowResult.self) == .cancelled(reason: "cancel"))
    #expect(
      try JSONValue(encoding: RadiolistShowResult.marked(nil, tag: nil)).decoded(as: RadiolistShowResult.self)
        == .marked(nil, tag: nil))
    let checked = try JSONValue(encoding: ChecklistShowResult.marked([1], tags: ["b"])).decoded(
      as: ChecklistShowResult.self)
    #expect(checked == .marked([1], tags: ["b"]))
  }
}
