import Glibc
import KeyMenuEngineActor
import KeyMenuPluginAPI
import Testing

@testable import ConsolePlugin

@Suite struct ConsoleSettingsTests {
  @Test @EngineActor func theDescriptorIsOffByDefaultAndDeclaresItsOptionsWithDefaults() {
    let descriptor = ConsolePlugin.descriptor
    #expect(descriptor.name == "console" && !descriptor.enabledByDefault)
    #expect(descriptor.options.map(\.key) == ["device", "columns", "rows", "color"])
    #expect(descriptor.make().name == "console")
    #expect(ConsoleSettings(descriptor.withDefaults(PluginConfiguration())) == ConsoleSettings())
    #expect(ConsoleSettings().device == "/dev/tty1")
  }

  @Test func optionsAreReadAndCheckedByTheirDeclarations() {
    let settings = ConsoleSettings(
      PluginConfiguration([
        "device": .string("/dev/ttyS0"), "columns": .integer(132), "rows": .integer(43),
        "color": .bool(false),
      ]))
    #expect(
      settings.device == "/dev/ttyS0" && settings.columns == 132 && settings.rows == 43 && !settings.styled)
    let columns = ConsoleSettings.options.first { $0.key == "columns" }
    #expect(columns?.problem(with: .integer(5)) == "columns must be from 20 to 1000")
    #expect(columns?.problem(with: .string("wide")) == "columns must be an integer from 20 to 1000")
  }

  @Test func eachProblemSaysWhatToDo() {
    #expect(
      ConsoleProblem(.open, device: "/dev/tty1", errno: EPERM).description
        == "cannot open /dev/tty1 for writing: permission denied (EPERM). keymenud's user must be allowed to "
        + "write it: for a virtual console, the tty group (SupplementaryGroups=input tty) and, as the unit has "
        + "DevicePolicy=closed, DeviceAllow=/dev/tty1 w in a drop-in (see Plugins/Console/README.md). "
        + "Tried again on the next change and on reload.")
    #expect(
      ConsoleProblem(.open, device: "/dev/ttyS3", errno: EIO).description
        == "cannot open /dev/ttyS3 (EIO). Tried again on the next change and on reload.")
    #expect(
      ConsoleProblem(.open, device: "/dev/ttyS3", errno: ENXIO).description.contains(
        "no such console or line"))
    #expect(ConsoleProblem(.stalled, device: "/dev/tty1").description.contains("Ctrl-S"))
  }
}
