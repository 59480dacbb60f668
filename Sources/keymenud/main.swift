import KeyMenuDaemonCommand

// `keymenud` on its own, as `swift build` makes it; the package installs
// the multi-call `keymenu` under this name instead (Sources/keymenu).
KeymenudProgram.main(Array(CommandLine.arguments.dropFirst()))
