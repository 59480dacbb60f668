import KeyMenuPluginAPI
import KeyMenuProtocol
import Testing

@testable import NotifyPlugin

@Suite struct NotifyCallTests {
  @Test func notifyCarriesTitleMessageAndOneActionPerButton() {
    let settings = NotifySettings(
      PluginConfiguration(["urgency": .string("critical"), "timeout_ms": .integer(-1), "icon": .string("")]),
      environmentAddress: "unix:path=/x")
    let alert = alertSnapshot("alert-1", buttons: ["No", "Yes & go"])
    let call = NotifyCall.notify(alert, settings)
    #expect(call.member == "Notify")
    #expect(call.signature == "susssasa{sv}i")
    #expect(
      call.arguments == [
        .string("keymenu"), .uint32(0), .string(""), .string("Title alert-1"), .string("Message alert-1"),
        .strings(["0", "No", "1", "Yes & go"]), .variants(["urgency": .byte(2)]), .int32(-1),
      ])
  }

  @Test func controlAndBidiCharactersAreShownVisiblyAndTheBodyKeepsItsLines() {
    let settings = NotifySettings(PluginConfiguration([:]), environmentAddress: "unix:path=/x")
    let alert = ModalPicture.alert(
      id: "a", title: "Erase\u{1B}]0;x\u{07}", message: "one\ntwo\u{202E}", buttons: ["No\u{9B}", "Yes"],
      focus: 1, cancel: 0, defaultButton: 1)
    let call = NotifyCall.notify(alert, settings)
    #expect(call.arguments[3] == .string("Erase␛]0;x␇"))
    #expect(call.arguments[4] == .string("one\ntwo&lt;U+202E&gt;"))
    #expect(call.arguments[5] == .strings(["0", "No<U+009B>", "1", "Yes"]))
  }

  @Test func theBodyIsEscapedForMarkup() {
    #expect(NotifyCall.escapingMarkup("a < b && c > d") == "a &lt; b &amp;&amp; c &gt; d")
  }

  @Test func settingsTakeDefaultsAndFallBackToTheEnvironment() {
    let defaults = NotifySettings(PluginConfiguration(), environmentAddress: "unix:path=/run/user/1000/bus")
    #expect(defaults.address == "unix:path=/run/user/1000/bus")
    #expect(defaults.appName == "keymenu")
    #expect(defaults.icon == "dialog-question")
    #expect(defaults.urgency == .normal)
    #expect(defaults.timeoutMilliseconds == 0)
    #expect(defaults.closeCancels)
    let configured = NotifySettings(
      PluginConfiguration([
        "bus": .string("unix:path=/run/keymenu-notify/bus"), "close_cancels": .bool(false),
      ]),
      environmentAddress: "unix:path=/run/user/1000/bus")
    #expect(configured.address == "unix:path=/run/keymenu-notify/bus")
    #expect(!configured.closeCancels)
    #expect(NotifySettings(PluginConfiguration(), environmentAddress: nil).address == nil)
    #expect(NotifySettings(PluginConfiguration(["bus": .string("")]), environmentAddress: "").address == nil)
  }

  @Test func theDescriptorValidatesItsOptions() {
    let options = Dictionary(uniqueKeysWithValues: NotifyPlugin.descriptor.options.map { ($0.key, $0) })
    #expect(NotifyPlugin.descriptor.name == "notify")
    #expect(!NotifyPlugin.descriptor.enabledByDefault)
    #expect(options["urgency"]?.problem(with: .string("loud")) != nil)
    #expect(options["timeout_ms"]?.problem(with: .integer(-2)) != nil)
    #expect(options["timeout_ms"]?.problem(with: .integer(5000)) == nil)
  }
}
