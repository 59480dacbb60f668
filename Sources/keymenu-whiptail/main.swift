import KeyMenuCompatRuntime

// `keymenu-whiptail` on its own, as `swift build` makes it (also dialog's
// and dmenu's under their names); the package installs the multi-call
// `keymenu` under these names instead (Sources/keymenu).
WhiptailProgram.main(
  programName: CommandLine.arguments.first ?? "", arguments: Array(CommandLine.arguments.dropFirst()))
