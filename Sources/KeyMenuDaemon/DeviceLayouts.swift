import KeyMenuConfig
import KeyMenuCore
import KeyMenuLayout

/// What each device's keys type: the keyboard layouts of the configuration
/// (`[keyboard]` and `[[keyboard.devices]]` over the system's
/// `/etc/default/keyboard`), each compiled once, and one ``LayoutState`` per
/// device, fed every key event of that device in order (releases too) so
/// that Shift, AltGr, Caps Lock and dead keys on one keyboard affect only
/// its own keys.
///
/// A layout that does not compile is a problem to report, never a stop: the
/// device types with the US layout instead, and, if even that cannot be
/// compiled (no XKB data), its events carry no text and the plugins fall
/// back to US key positions.
///
/// Not `Sendable` (xkbcommon's objects belong to one thread): the daemon's
/// core holds it, on the engine thread.
struct DeviceLayouts {
  /// The configuration's layouts.
  private var settings = KeyboardSettings.systemDefault
  /// The system's layout they are read over.
  private var system = KeyboardLayoutSpec.us
  /// Where compose tables come from (the process's locale, then fallbacks).
  private let composeLocales: [String]
  /// Every layout compiled so far under these settings; nil for one that
  /// did not compile (reported once).
  private var compiled: [KeyboardLayoutSpec: KeyboardLayout?] = [:]
  /// Whether ``configure(_:system:)`` ran.
  private var configured = false
  private var devices: [DeviceID: Device] = [:]

  /// One device's state, its identity (to pick its layout again on a
  /// reload) and the keys it holds (to restore them in a fresh state).
  private struct Device {
    var identity: DeviceIdentity?
    var state: LayoutState?
    var held = PressedKeys()
  }

  /// No devices yet; the US layout until ``configure(_:system:)``.
  init(composeLocales: [String] = ComposeLocale.candidates()) {
    self.composeLocales = composeLocales
  }

  /// Puts the configuration's layouts in force (at start and on every
  /// reload): an open device whose layout changed gets a fresh state under
  /// the new one, with the keys it holds still held. Returns the problems
  /// found compiling, one line each, for the log.
  mutating func configure(_ settings: KeyboardSettings, system: KeyboardLayoutSpec) -> [String] {
    guard settings != self.settings || system != self.system || !configured else { return [] }
    configured = true
    self.settings = settings
    self.system = system
    compiled = [:]
    var problems: [String] = []
    // Every layout named is compiled now, so that a broken one is reported
    // at start and on reload, not when a key is first pressed.
    let base = settings.spec(system: system)
    for spec in [base] + settings.devices.map({ $0.settings.spec(system: base) }) {
      _ = compile(spec, problems: &problems)
    }
    for id in devices.keys { problems += renew(id) }
    return problems
  }

  /// A device was opened: it gets a state under its layout. Returns the
  /// problems found compiling that layout (reported once per layout).
  mutating func added(_ device: DeviceInfo) -> [String] {
    devices[device.id] = Device(identity: device.identity)
    return renew(device.id)
  }

  /// A device went away (its releases came before).
  mutating func removed(_ id: DeviceID) {
    devices[id] = nil
  }

  /// The kernel dropped events of a device: its state starts again (no
  /// lock, no sequence going on), with the keys it still holds pressed,
  /// as the synthetic events of the resync left them.
  mutating func resynced(_ id: DeviceID) -> [String] {
    renew(id)
  }

  /// Feeds `event` to its device's state and fills in ``KeyEvent/text`` and
  /// ``KeyEvent/keysymName``: what the press or repeat typed, and `""` for a
  /// release. A device the loop did not announce (tests) gets the default
  /// layout on its first key.
  mutating func type(_ event: inout KeyEvent) {
    if devices[event.device] == nil {
      var problems: [String] = []
      devices[event.device] = Device(state: state(under: layout(for: nil, problems: &problems)))
    }
    devices[event.device]?.held.set(event.code, pressed: event.action != .up)
    guard let state = devices[event.device]?.state else { return }
    let typed = state.feed(event.code, event.action)
    event.text = typed?.text ?? ""
    event.keysymName = typed?.keysymName
  }

  /// A fresh state for a device under its layout, the keys it holds fed
  /// as pressed; the problems found compiling.
  private mutating func renew(_ id: DeviceID) -> [String] {
    guard let device = devices[id] else { return [] }
    var problems: [String] = []
    let fresh = state(under: layout(for: device.identity, problems: &problems))
    for key in device.held.keys { fresh?.feed(key, .down) }
    devices[id]?.state = fresh
    return problems
  }

  private func state(under layout: KeyboardLayout?) -> LayoutState? {
    layout.flatMap { try? LayoutState(layout: $0) }
  }

  /// The compiled layout of a device (nil: the default one); the US layout
  /// in place of one that does not compile, nil when that does not either.
  private mutating func layout(for identity: DeviceIdentity?, problems: inout [String]) -> KeyboardLayout? {
    let spec = identity.map { settings.spec(for: $0, system: system) } ?? settings.spec(system: system)
    if let layout = compile(spec, problems: &problems) { return layout }
    guard spec != .us else { return nil }
    return compile(.us, problems: &problems)
  }

  /// The layout of `spec`, compiled on first use; a problem the first time
  /// it does not compile, and for each warning xkbcommon gave.
  private mutating func compile(_ spec: KeyboardLayoutSpec, problems: inout [String]) -> KeyboardLayout? {
    if let known = compiled[spec] { return known }
    do {
      let layout = try KeyboardLayout(spec, composeLocales: composeLocales)
      problems += layout.warnings.map { "keyboard layout \(spec): xkbcommon says \"\($0)\"" }
      compiled[spec] = layout
      return layout
    } catch {
      let fallback =
        spec == .us ? "keys type by US key position" : "keys of the devices using it type as in the US layout"
      problems.append("\(error.description); \(fallback)")
      compiled[spec] = .some(nil)
      return nil
    }
  }
}
