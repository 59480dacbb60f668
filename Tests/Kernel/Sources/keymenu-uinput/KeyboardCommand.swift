import ArgumentParser
import Glibc

/// `keymenu-uinput keyboard NAME`: makes a keyboard and plays the steps read
/// from standard input, one per line (see ``InjectorStep``).
struct KeyboardCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "keyboard",
    abstract: "Make a uinput keyboard and play the steps read from standard input.",
    discussion: """
      Prints 'devnode PATH' once the kernel has made the device, then reads steps, one per line:
        down KEY | up KEY | tap KEY [N] | flood N [KEY] | axis AXIS VALUE | sleep MS | say TEXT | destroy
      KEY is a libevdev key name, with or without KEY_ (ENTER, KEY_LEFTSHIFT, BTN_SOUTH); AXIS
      an absolute axis (ABS_HAT0Y, ABS_X). 'say' prints TEXT after every earlier step is
      written. End of input or 'destroy' destroys the device.
      """
  )

  @Argument(help: "The device's name.")
  var name: String

  @Flag(help: "Make a gamepad (buttons, a stick, the D-pad as a hat) instead of a keyboard.")
  var gamepad = false

  func run() throws {
    let keyboard: VirtualKeyboard
    do { keyboard = try VirtualKeyboard(name: name, gamepad: gamepad) } catch {
      throw Output.failure(error.description)
    }
    Output.line("devnode \(keyboard.devnode)")
    while let line = readLine() {
      let step: InjectorStep?
      do { step = try InjectorStep.parse(line[...]) } catch {
        Output.error(error.description)
        throw ExitCode(2)
      }
      guard let step else { continue }
      do {
        if try !play(step, on: keyboard) { break }
      } catch { throw Output.failure(error.description) }
    }
    Output.line("destroyed \(keyboard.devnode)")
  }

  /// Plays one step; false when the script asks to stop.
  private func play(_ step: InjectorStep, on keyboard: VirtualKeyboard) throws(VirtualKeyboard.Failure)
    -> Bool
  {
    switch step {
    case .down(let key): try keyboard.write(key: key, value: 1)
    case .up(let key): try keyboard.write(key: key, value: 0)
    case .tap(let key, let times), .flood(let times, let key):
      for _ in 0..<times {
        try keyboard.write(key: key, value: 1)
        try keyboard.write(key: key, value: 0)
      }
    case .axis(let axis, let value): try keyboard.write(axis: axis, value: value)
    case .sleep(let milliseconds): usleep(useconds_t(milliseconds) * 1000)
    case .say(let text): Output.line(text)
    case .destroy: return false
    }
    return true
  }
}
