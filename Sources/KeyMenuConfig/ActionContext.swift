/// The environment a configured action's command gets, by what set it off
/// (docs/CONFIGURATION.md, "Commands"): `KEYMENU_MENU`, `KEYMENU_ITEM`,
/// `KEYMENU_SELECTOR` and `KEYMENU_DEVICE`, each present, empty when it does
/// not apply.
public enum ActionContext {
  /// A configured menu's item: the menu's name, the item's title and the
  /// selector it was invoked through.
  public static func item(of menu: String, title: String, selector: String) -> [String: String] {
    ["KEYMENU_MENU": menu, "KEYMENU_ITEM": title, "KEYMENU_SELECTOR": selector, "KEYMENU_DEVICE": ""]
  }

  /// A hotkey: the device node it was pressed on.
  public static func hotkey(device: String) -> [String: String] {
    ["KEYMENU_MENU": "", "KEYMENU_ITEM": "", "KEYMENU_SELECTOR": "", "KEYMENU_DEVICE": device]
  }
}
