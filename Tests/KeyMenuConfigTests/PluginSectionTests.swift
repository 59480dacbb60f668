import KeyMenuConfig
import KeyMenuPluginAPI
import KeyMenuProtocol
import Testing

@Suite struct PluginSectionTests {
  @Test func everyBuiltInIsListedWithItsDefaultsWhenNothingIsSaid() throws {
    let plugins = try load("").plugins
    #expect(plugins.map(\.name) == ["alerts", "speech"])
    #expect(plugins.map(\.enabled) == [true, false])
    #expect(plugins[1].options.integer("rate") == 175)
    #expect(plugins[1].options.string("voice") == "en")
    #expect(plugins[1].options.values["pitch"] == nil, "no default, no value")
  }

  @Test func optionsAreCheckedAgainstWhatThePluginDeclares() throws {
    let plugins = try load(
      """
      [plugins.speech]
      enabled = true
      rate = 300
      pitch = 1
      words = ["a", "b"]
      output = "none"
      """
    ).plugins
    #expect(plugins[1].enabled)
    #expect(plugins[1].options.integer("rate") == 300)
    #expect(plugins[1].options.double("pitch") == 1.0, "an integer is fine for a number")
    #expect(plugins[1].options.strings("words") == ["a", "b"])
    #expect(plugins[1].options.string("output") == "none")
    #expect(plugins[1].options.bool("interrupt") == true, "defaults fill what is left out")
  }

  @Test func badOptionsNameThePlaceAndWhatFits() {
    #expect(
      errors(
        """
        [plugins.speech]
        rate = 20
        voice = 3
        pitch = "high"
        output = "speakers"
        words = [1]
        interrupt = "yes"
        volume = 3
        enabled = "yes"
        """) == [
          "test.toml:2:8: rate must be from 80 to 450",
          "test.toml:3:9: voice must be a string",
          "test.toml:4:9: pitch must be a number from 0.0 to 1.0",
          "test.toml:5:10: output must be one of \"playback\", \"none\", not \"speakers\"",
          "test.toml:6:9: words must be an array of strings",
          "test.toml:7:13: interrupt must be true or false",
          "test.toml:8:1: unknown key 'volume' in [plugins.speech]; known keys: enabled, rate, voice, pitch, output, words, interrupt",
          "test.toml:9:11: enabled must be true or false, not a string",
        ])
  }

  @Test func anExternalPluginNeedsAnAbsoluteProgramAndAnUnprivilegedUser() throws {
    let plugins = try load(
      """
      [plugins.weather]
      program = ["/usr/bin/python3", "/opt/weather.py"]
      user = "nobody"
      tier = "observe"
      restart = "always"
      """
    ).plugins
    #expect(plugins.count == 3)
    #expect(
      plugins[2]
        == PluginSettings(
          name: "weather", enabled: true,
          kind: .external(
            ExternalPlugin(
              program: ["/usr/bin/python3", "/opt/weather.py"], user: "nobody", tier: .observe,
              restart: .always))))
    #expect(
      errors(
        """
        [plugins.a]
        program = ["python3"]
        user = "root"
        [plugins.b]
        program = []
        user = "ghost"
        restart = "sometimes"
        [plugins.c]
        program = ["/bin/true"]
        [plugins.speach]
        rate = 100
        [plugins.speech]
        program = ["/bin/true"]
        """) == [
          "test.toml:2:11: program must start with an absolute path (keymenud does not search PATH), not 'python3'",
          "test.toml:3:8: plugins must not run as root; set user to an unprivileged user such as \"nobody\"",
          "test.toml:5:11: program needs the program's path first, then its arguments",
          "test.toml:6:8: unknown user 'ghost'",
          "test.toml:7:11: unknown restart 'sometimes'; expected one of always, on-failure, never",
          "test.toml:8:1: an external plugin needs user = \"...\", the unprivileged user it runs as (such as \"nobody\")",
          "test.toml:10:1: unknown plugin 'speach': did you mean 'speech'? built-in plugins are alerts, speech; an external plugin needs program = [\"/path/to/program\", ...]",
          "test.toml:13:1: speech is a built-in plugin; an external plugin needs a name of its own",
        ])
  }
}
