import Foundation
import KeyMenuTestSupport
import Testing

/// The plugins' import rule (docs/PLUGINS.md, "Built-in plugins"): a plugin
/// imports the plugin API and what lies beneath it (KeyMenuPluginAPI,
/// KeyMenuCore, KeyMenuProtocol, KeyMenuEngineActor, KeyMenuRuntime), the
/// C library it wraps, swift-log and system modules; never the daemon, the
/// server, the engine's routing or another plugin.
@Suite struct PluginImportsTests {
  /// The modules a plugin may import.
  static let allowed: Set<String> = [
    "KeyMenuPluginAPI", "KeyMenuCore", "KeyMenuProtocol", "KeyMenuEngineActor", "KeyMenuRuntime", "Logging",
    "Glibc", "Synchronization", "Dispatch", "SystemPackage", "Foundation", "FoundationEssentials",
  ]

  /// The modules `text` imports (any access level, `@testable` or not).
  static func imports(in text: String) -> [String] {
    text.split(separator: "\n").compactMap { line in
      let words = line.split(separator: " ").filter {
        !["public", "package", "internal", "@testable", "@preconcurrency"].contains($0)
      }
      guard words.count >= 2, words[0] == "import" else { return nil }
      return String(words[1].prefix { $0 != "." })
    }
  }

  /// Whether `module` is one a plugin may import: listed, or a C library's
  /// system target (`CSpeechLibraries`).
  static func isAllowed(_ module: String) -> Bool {
    if allowed.contains(module) { return true }
    let letters = Array(module)
    return letters.count > 1 && letters[0] == "C" && letters[1].isUppercase && !module.hasPrefix("CKeyMenu")
  }

  /// Every Swift file of the built-in plugins and of the example plugin.
  static func pluginFiles() throws -> [String] {
    let root = TestProcess.fixtures + "/../.."
    var files: [String] = []
    for directory in ["Plugins", "examples/plugins"] {
      guard let walker = FileManager.default.enumerator(atPath: root + "/" + directory) else { continue }
      for case let path as String in walker where path.hasSuffix(".swift") {
        files.append(root + "/" + directory + "/" + path)
      }
    }
    return files.sorted()
  }

  @Test func theRuleTellsAllowedFromForbidden() {
    #expect(
      Self.imports(in: "public import KeyMenuPluginAPI\n@testable import KeyMenuDaemon\nlet x = 1") == [
        "KeyMenuPluginAPI", "KeyMenuDaemon",
      ])
    for module in ["KeyMenuPluginAPI", "CSystemdBusLibrary", "Logging"] { #expect(Self.isAllowed(module)) }
    for module in ["KeyMenuDaemon", "KeyMenuServer", "KeyMenuRouting", "AlertsPlugin", "CKeyMenuSpawn"] {
      #expect(!Self.isAllowed(module), "\(module)")
    }
  }

  @Test func everyPluginImportsOnlyThePluginAPIAndWhatLiesBeneathIt() throws {
    let files = try Self.pluginFiles()
    #expect(files.count > 50, "found \(files.count) plugin files")
    for file in files {
      let text = try String(contentsOfFile: file, encoding: .utf8)
      for module in Self.imports(in: text) where !Self.isAllowed(module) {
        Issue.record("\(file) imports \(module)")
      }
    }
  }
}
