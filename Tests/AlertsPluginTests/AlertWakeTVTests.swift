import AlertsPlugin
import KeyMenuPluginAPI
import KeyMenuProtocol
import Testing

/// `wake_tv` travels from the request to the picture the daemon acts on
/// (HDMI-CEC), and never onto the wire.
@Suite struct AlertWakeTVTests {
  @Test func theRequestsWishIsThePicturesAndUnsetIsTheConfigurations() throws {
    let woken = try JSONValueDecoder.decode(
      AlertShowParams.self,
      from: try #require(JSONValue.parse(Array(#"{"title":"Doorbell","wake_tv":true}"#.utf8))))
    #expect(woken.wakeTV == true)
    #expect(AlertMachine(Alert(title: "Doorbell", wakeTV: true)).snapshot(id: "alert-1").wakesTV == true)
    #expect(AlertMachine(Alert(title: "Doorbell", wakeTV: false)).snapshot(id: "alert-1").wakesTV == false)
    #expect(AlertMachine(Alert(title: "Doorbell")).snapshot(id: "alert-1").wakesTV == nil)
  }

  @Test func thePictureOnTheWireIsTheSameWithOrWithoutIt() throws {
    var picture = AlertMachine(Alert(title: "Doorbell")).snapshot(id: "alert-1")
    let without = try OrderedJSONEncoder().encode(picture)
    picture.wakesTV = true
    #expect(try OrderedJSONEncoder().encode(picture) == without)
  }
}
