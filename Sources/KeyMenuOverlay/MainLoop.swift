import CGtkOverlay

/// The GLib main loop GTK runs in, with Swift closures as sources: a
/// descriptor becoming readable, a one-shot delay, a Unix signal. No source
/// wakes the loop unless its event happens.
///
/// A C-boundary file: each closure is kept in a retained box handed to GLib
/// as user data and released by GLib's destroy notify when the source goes.
enum MainLoop {
  /// A GLib source id.
  struct Source: Hashable {
    fileprivate var id: UInt32
  }

  private final class Box<Handler> {
    let handler: Handler
    init(_ handler: Handler) { self.handler = handler }
  }

  private static let release: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
  }

  /// Calls `handler` whenever `descriptor` is readable or hung up, while it
  /// returns true; returning false removes the watch.
  static func watch(_ descriptor: Int32, _ handler: @escaping () -> Bool) -> Source {
    let box = Unmanaged.passRetained(Box(handler) as AnyObject).toOpaque()
    let conditions = GIOCondition(rawValue: G_IO_IN.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue)
    let id = g_unix_fd_add_full(
      G_PRIORITY_DEFAULT, descriptor, conditions,
      { _, _, data in
        let box = Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! Box<() -> Bool>
        return box.handler() ? 1 : 0
      }, box, release)
    return Source(id: id)
  }

  /// Calls `handler` once after `milliseconds`.
  static func after(milliseconds: Int, _ handler: @escaping () -> Void) -> Source {
    let box = Unmanaged.passRetained(Box(handler) as AnyObject).toOpaque()
    let id = g_timeout_add_full(
      G_PRIORITY_DEFAULT, UInt32(max(0, milliseconds)),
      { data in
        let box = Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! Box<() -> Void>
        box.handler()
        return 0
      }, box, release)
    return Source(id: id)
  }

  /// Calls `handler` on each delivery of `signal` (SIGTERM, SIGINT, SIGHUP).
  static func onSignal(_ signal: Int32, _ handler: @escaping () -> Void) {
    let box = Unmanaged.passRetained(Box(handler) as AnyObject).toOpaque()
    _ = g_unix_signal_add_full(
      G_PRIORITY_DEFAULT, signal,
      { data in
        let box = Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! Box<() -> Void>
        box.handler()
        return 1
      }, box, release)
  }

  /// Removes a source that has not ended by itself.
  static func remove(_ source: Source) { g_source_remove(source.id) }

  /// Runs GTK's main loop until ``quit()``.
  static func run() { gtk_main() }

  /// Ends ``run()``.
  static func quit() { gtk_main_quit() }
}
