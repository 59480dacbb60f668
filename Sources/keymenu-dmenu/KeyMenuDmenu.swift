import KeyMenuCompatRuntime

/// `keymenu-dmenu` on its own, as `swift build` makes it (the package and
/// `make install` link the name to keymenu-whiptail instead, which runs
/// the same ``DmenuProgram`` when called so).
@main
enum KeyMenuDmenu {
  static func main() {
    DmenuProgram.main(Array(CommandLine.arguments.dropFirst()))
  }
}
