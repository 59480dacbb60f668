import KeyMenuConfig
import KeyMenuCore
import KeyMenuPluginAPI
import Testing

/// The key names the tests use; the daemon fills its table from libevdev.
let testKeyNames = KeyNameTable([
  (KeyCode(1), "KEY_ESC"), (KeyCode(2), "KEY_1"), (KeyCode(3), "KEY_2"), (KeyCode(4), "KEY_3"),
  (KeyCode(19), "KEY_R"), (KeyCode(25), "KEY_P"), (KeyCode(28), "KEY_ENTER"),
  (KeyCode(30), "KEY_A"), (KeyCode(31), "KEY_S"), (KeyCode(35), "KEY_H"), (KeyCode(48), "KEY_B"),
  (KeyCode(50), "KEY_M"), (KeyCode(59), "KEY_F1"), (KeyCode(102), "KEY_HOME"), (KeyCode(116), "KEY_POWER"),
  (KeyCode(139), "KEY_MENU"), (KeyCode(109), "KEY_PAGEDOWN"), (KeyCode(174), "KEY_EXIT"),
  (KeyCode(358), "KEY_INFO"),
  (KeyCode(0x130), "BTN_SOUTH"), (KeyCode(0x131), "BTN_EAST"), (KeyCode(0x133), "BTN_NORTH"),
  (KeyCode(0x13a), "BTN_SELECT"),
])

/// Users and groups as if read from /etc/passwd and /etc/group.
let testAccounts = AccountLookup.fixed(
  users: ["root": 0, "toor": 0, "nobody": 65534, "alice": 1000],
  groups: ["root": 0, "nogroup": 65534, "keymenu": 990, "keymenu-admin": 991, "wheel": 10])

/// Built-in plugins as the tests know them: one without options, one with.
let testPlugins = [
  PluginDescriptor(name: "alerts", summary: "alerts", enabledByDefault: true) {
    InlinePlugin(name: "alerts") { _ in }
  },
  PluginDescriptor(
    name: "speech", summary: "speaks", enabledByDefault: false,
    options: [
      PluginOption("rate", .integer(80...450), default: .integer(175), help: "words per minute"),
      PluginOption("voice", .string, default: .string("en"), help: "voice"),
      PluginOption("pitch", .double(0...1), help: "pitch"),
      PluginOption("output", .choice(["playback", "none"]), default: .string("playback"), help: "where"),
      PluginOption("words", .strings, help: "words"),
      PluginOption("interrupt", .bool, default: .bool(true), help: "interrupt"),
    ]
  ) { InlinePlugin(name: "speech") { _ in } },
]

/// Checks a text as the only file, `test.toml`.
func parse(_ text: String, file: String = "test.toml") -> Result<DaemonConfiguration, ConfigErrors> {
  ConfigurationLoader.parse(
    text: text, file: file, keyNames: testKeyNames, lookup: testAccounts, plugins: testPlugins)
}

/// The configuration of a text that must load.
func load(_ text: String) throws -> DaemonConfiguration {
  try parse(text).get()
}

/// The errors of a text that must not load, as `--check` prints them.
func errors(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
  errors(of: parse(text), sourceLocation: sourceLocation)
}

/// The errors of a result that must be a failure.
func errors(
  of result: Result<DaemonConfiguration, ConfigErrors>, sourceLocation: SourceLocation = #_sourceLocation
) -> [String] {
  switch result {
  case .success:
    Issue.record("expected errors", sourceLocation: sourceLocation)
    return []
  case .failure(let failure): return failure.errors.map(\.description)
  }
}

/// The warnings of a text that must load.
func warnings(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
  switch parse(text) {
  case .success(let config): return config.warnings.map(\.description)
  case .failure(let failure):
    Issue.record("expected no errors, got \(failure)", sourceLocation: sourceLocation)
    return []
  }
}

/// The repository's top directory, from this file's path.
let repositoryRoot: String = {
  var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
  parts.removeLast(3)  // Tests/KeyMenuConfigTests/TestSupport.swift
  return parts.joined(separator: "/")
}()
