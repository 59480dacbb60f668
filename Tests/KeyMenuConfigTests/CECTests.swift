import KeyMenuConfig
import Testing

/// `[cec]`: off without the section; the first adapter or a named one; the
/// name the TV shows; clear errors.
@Suite struct CECTests {
  @Test func withoutTheSectionNoAdapterIsClaimed() throws {
    #expect(try load("log_level = \"info\"").cec == nil)
  }

  @Test func theSectionNamesTheAdapterAndTheNameTheTVShows() throws {
    #expect(try load("[cec]").cec == CECSettings(device: nil, osdName: "keymenu"))
    #expect(try load("[cec]\ndevice = \"auto\"").cec == CECSettings())
    #expect(
      try load("[cec]\ndevice = \"/dev/cec1\"\nosd_name = \"Living room\"").cec
        == CECSettings(device: "/dev/cec1", osdName: "Living room"))
  }

  @Test func wakeTVIsOffUnlessTheSectionTurnsItOn() throws {
    #expect(try load("[cec]").cec?.wakeTV == false)
    #expect(try load("[cec]\nwake_tv = true").cec == CECSettings(wakeTV: true))
    #expect(errors("[cec]\nwake_tv = \"yes\"").contains { $0.contains("wake_tv") })
  }

  @Test func theDeviceTypeIsPlaybackUnlessTheSectionSays() throws {
    #expect(try load("[cec]").cec?.deviceType == .playback)
    #expect(try load("[cec]\ndevice_type = \"tuner\"").cec?.deviceType == .tuner)
    #expect(
      errors("[cec]\ndevice_type = \"tv\"").contains {
        $0.contains("device_type must be one of \"playback\", \"recording\", \"tuner\", not 'tv'")
      })
  }

  @Test func badValuesSayWhatIsExpected() {
    let found = errors("[cec]\ndevice = \"/dev/video0\"\nosd_name = \"A name far too long\"\nwake = true")
    #expect(
      found.contains { $0.contains("device must be \"auto\" or a CEC adapter such as \"/dev/cec0\"") },
      "\(found)")
    #expect(found.contains { $0.contains("osd_name must be 1 to 14 printable ASCII characters") }, "\(found)")
    #expect(found.contains { $0.contains("unknown key 'wake'") }, "\(found)")
  }
}
