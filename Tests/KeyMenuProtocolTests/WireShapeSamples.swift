import KeyMenuProtocol

/// The protocol's shapes with the bytes keymenud wrote for them when they
/// were built by hand (captured from that code before the typed forms
/// replaced it): the typed forms must write the same, keys sorted, and a
/// member `null` or absent exactly where it was.
enum WireShapeSamples {
  static let alert = ModalPicture.alert(
    id: "alert-1", title: "Reboot now?", message: nil, buttons: ["No", "Yes"], focus: 1, cancel: nil,
    defaultButton: 1)
  static let alertBytes =
    #"{"buttons":["No","Yes"],"cancel":null,"default":1,"focus":1,"id":"alert-1","kind":"alert","message":null,"title":"Reboot now?"}"#

  static let alertWithMessage = ModalPicture.alert(
    id: "alert-2", title: "T", message: "Line one\nline two", buttons: ["OK"], focus: 0, cancel: 0,
    defaultButton: 0)
  static let alertWithMessageBytes =
    #"{"buttons":["OK"],"cancel":0,"default":0,"focus":0,"id":"alert-2","kind":"alert","message":"Line one\nline two","title":"T"}"#

  static let menu = ModalPicture.menu(
    id: "menu-1", path: ["Main"],
    items: [
      .init(title: "Reboot", section: 0, position: "top", enabled: true, opensSubmenu: false),
      .init(title: "More", section: 1, position: "single", enabled: false, opensSubmenu: true),
    ], highlight: nil, filter: "")
  static let menuBytes =
    #"{"filter":"","highlight":null,"id":"menu-1","items":[{"enabled":true,"position":"top","section":0,"submenu":false,"title":"Reboot"},{"enabled":false,"position":"single","section":1,"submenu":true,"title":"More"}],"kind":"menu","path":["Main"],"title":"Main"}"#

  static let windowedMenu = ModalPicture.menu(
    id: "menu-2", path: ["Main", "More"],
    items: [.init(title: "Reboot", section: 0, position: "top", enabled: true, opensSubmenu: false)],
    highlight: 0, filter: "re", offset: 3, total: 600)
  static let windowedMenuBytes =
    #"{"filter":"re","highlight":0,"id":"menu-2","items":[{"enabled":true,"position":"top","section":0,"submenu":false,"title":"Reboot"}],"kind":"menu","offset":3,"path":["Main","More"],"title":"More","total":600}"#

  static let state = ModalState(stack: [alert, menu])
  static let stateBytes = #"{"stack":["# + alertBytes + "," + menuBytes + "]}"

  static let device = DeviceEntry(
    id: 7, path: "/dev/input/event7", name: "kbd", phys: "usb-1/input0", vendorProduct: "046d:c31c",
    kind: "other", keyboard: true)
  static let deviceBytes =
    #"{"id":7,"keyboard":true,"kind":"other","name":"kbd","path":"/dev/input/event7","phys":"usb-1/input0","vendor_product":"046d:c31c"}"#

  static let selector = SelectorEntry(
    selector: "menu.reboot.1a2b", title: "Reboot", kind: "menu", owner: "config")
  static let selectorBytes =
    #"{"kind":"menu","owner":"config","selector":"menu.reboot.1a2b","title":"Reboot"}"#

  static let stableSelector = SelectorEntry(
    selector: "menu.ip.9f", title: "Show IP", kind: "menu", owner: "config", stable: "box.show-ip")
  static let stableSelectorBytes =
    #"{"kind":"menu","owner":"config","selector":"menu.ip.9f","stable":"box.show-ip","title":"Show IP"}"#

  static let invoked = SelectorInvokedNotice(stableSelector, source: "hotkey")
  static let invokedBytes =
    #"{"kind":"menu","owner":"config","selector":"menu.ip.9f","source":"hotkey","stable":"box.show-ip","title":"Show IP"}"#

  static let status = DaemonStatusResult(
    version: "1.2.3", uptimeMilliseconds: 0, devices: 2, grabbed: 1, modalDepth: 1, clients: 3, resyncs: 4,
    plugins: [
      .init(name: "alerts", kind: "builtin", enabled: true, state: "running", summary: "Alerts", error: nil)
    ], configSources: ["/etc/keymenu/config.toml"], grabPolicy: "never", reloads: 1, lastReloadError: nil)
  static let statusBytes =
    #"{"clients":3,"config":["/etc/keymenu/config.toml"],"devices":2,"grab":"never","grabbed":1,"last_reload_error":null,"modal_depth":1,"name":"keymenud","plugins":[{"enabled":true,"error":null,"kind":"builtin","name":"alerts","state":"running","summary":"Alerts"}],"protocol":1,"reloads":1,"resyncs":4,"uptime_ms":0,"version":"1.2.3"}"#

  static let hello = HelloResult(
    version: "1.2.3", tier: "observe",
    capabilities: [
      "daemon.status", "devices.list", "events.subscribe", "hello", "menu.list", "selector.list", "state.get",
    ],
    topics: ["alert", "config", "device", "menu", "selector"])
  static let helloBytes =
    #"{"capabilities":["daemon.status","devices.list","events.subscribe","hello","menu.list","selector.list","state.get"],"name":"keymenud","protocol":1,"tier":"observe","topics":["alert","config","device","menu","selector"],"version":"1.2.3"}"#
}
