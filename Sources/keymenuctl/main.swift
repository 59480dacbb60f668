import KeyMenuCtlCommand

// `keymenuctl` on its own, as `swift build` makes it; the package installs
// the multi-call `keymenu` under this name instead (Sources/keymenu).
KeyMenuCtlProgram.main(Array(CommandLine.arguments.dropFirst()))
