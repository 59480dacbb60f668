import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuRouting
import KeyMenuServer

extension DaemonCore {
  /// The device a client's pressed keys come from: none of the real ones,
  /// so a press never mixes with a key held on a keyboard.
  nonisolated static let clientKeysDevice = DeviceID(UInt32.max)

  /// `modal.press`: a key pressed (down, then up) on one of the caller's
  /// modals while it is in front, as if on a keyboard, for a client that
  /// reads keys elsewhere (keymenu-whiptail on the script's terminal). The
  /// kinds say whose modal it is (``ModalOwnership``); the key goes to the
  /// front modal's handler only, never to hotkeys, the panic chord or
  /// subscribers, and is marked synthetic, carrying the `text` it types
  /// when the client gives one. Neither is logged.
  func press(_ params: ModalPressParams, _ session: ClientSession) throws(RPCError) -> JSONValue {
    let chord: KeyChord
    do {
      chord = try KeyChord.parse(params.key, names: keyNames)
    } catch {
      throw .invalidParams(error.message + " (" + error.hint + ")", field: "key")
    }
    let named = params.request.map { "shown by request \($0)" } ?? params.id ?? ""
    guard let ownership = host?.service(ModalOwnership.self),
      let id = ownership.modal(of: session.client.id, named: params.target)
    else {
      throw .notFound("no open modal of this connection \(named) that takes keys")
    }
    guard engine.modalStack.frontID == id else {
      throw .notFound("\(id) is not in front: keys go to what is in front")
    }
    let time = Self.kernelTime(engine.now)
    let name = keyNames.name(of: chord.key)
    let down = KeyEvent(
      code: chord.key, name: name, action: .down, modifiers: chord.heldModifiers,
      device: Self.clientKeysDevice, time: time, isSynthetic: true, text: params.text)
    // What the key sets off (a configured item of a modal the client
    // showed) is counted against the client, not the configuration.
    let outcome = raised.paying(session.payer) { engine.press(down) }
    // A release types nothing.
    let up = KeyEvent(
      code: chord.key, name: name, action: .up, modifiers: chord.heldModifiers,
      device: Self.clientKeysDevice, time: time, isSynthetic: true, text: params.text.map { _ in "" })
    raised.paying(session.payer) { _ = engine.press(up) }
    return JSONValue(encoding: ModalPressResult(pressed: id, consumed: outcome == .consumedByModal))
  }

  /// A kernel-style timestamp for the engine's time since start.
  private nonisolated static func kernelTime(_ elapsed: Duration) -> KernelTime {
    let parts = elapsed.components
    return KernelTime(seconds: parts.seconds, microseconds: Int32(parts.attoseconds / 1_000_000_000_000))
  }
}
