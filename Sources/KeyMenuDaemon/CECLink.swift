import KeyMenuCEC
import KeyMenuConfig
import KeyMenuCore
import Logging

/// keymenud's side of HDMI-CEC (`[cec]`): it claims a playback device with
/// remote-control passthrough on the adapter, so that the TV's own remote
/// reaches keymenud through the adapter's input device (`rc-cec`, read as
/// any remote); an adapter another program configured (a player using
/// libcec) is left alone, and the log says so. Lives on the engine thread.
final class CECLink {
  /// The settings in force (the kernel keeps the adapter's configuration
  /// after keymenud closes it).
  private var settings: CECSettings?

  /// Puts `new` in force: nothing to do when it did not change.
  func apply(_ new: CECSettings?, logger: Logger) {
    guard new != settings else { return }
    settings = new
    guard let new else { return }
    guard let path = new.device ?? CECAdapter.adapters().first else {
      logger.warning("[cec]: no HDMI-CEC adapter (/dev/cec*): the TV's remote cannot reach keymenu")
      return
    }
    do {
      let adapter = try CECAdapter(path: path)
      let name = ShownText.visible(try adapter.names().adapter)
      let address =
        try adapter.physicalAddress().map(CECAdapter.text(ofPhysicalAddress:)) ?? "none (no HDMI link)"
      switch try adapter.claimPlayback(osdName: new.osdName) {
      case .claiming, .ours:
        logger.info(
          "HDMI-CEC: \(path) (\(name)) is a playback device named \(new.osdName) with remote passthrough, physical address \(address)"
        )
      case .heldByAnother(let holder):
        let who = holder.isEmpty ? "another program" : "another program (as \(ShownText.visible(holder)))"
        logger.warning(
          "HDMI-CEC: \(path) (\(name)) is configured by \(who), such as a player using libcec; keymenu leaves it alone, and the TV's remote goes to that program"
        )
      }
    } catch {
      logger.warning("HDMI-CEC: \(error.description)")
    }
  }
}
