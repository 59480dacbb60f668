import KeyMenuRuntime

/// Once nothing changed for ``quietMilliseconds``, gives the windows'
/// own buffers (``WaylandBufferPool``), the code pages drawing touched
/// (GTK's, Pango's, the layout's: several megabytes, mapped in 64 KiB
/// blocks around each page that ran) and the allocator's free memory back to the kernel, as keymenud does when it is quiet
/// (``CodePages``, ``Allocator``). The pages stay in the page cache: the
/// next change maps them again with minor faults. One timer per burst of
/// changes on GLib's main loop, none while nothing changes.
final class QuietMemoryRelease {
  /// How long after the last change memory is given back: long enough
  /// that a person stepping through a menu with a remote (a press every
  /// second or two) keeps the pages drawing needs (the first change after a
  /// release maps them again: 0.25 to 0.6 ms more from reading to frame,
  /// measured under Xvfb), short enough that an idle overlay is small.
  static let quietMilliseconds = 5000
  /// When the last change came (CLOCK_MONOTONIC ns).
  private var lastChange: UInt64 = 0
  /// Whether the check after it is scheduled.
  private var scheduled = false
  /// Called first when memory is given back (the windows free their own
  /// buffers).
  var onQuiet: (() -> Void)?

  /// A change came at `time` (CLOCK_MONOTONIC ns).
  func changed(at time: UInt64) {
    lastChange = time
    guard !scheduled else { return }
    schedule(in: Self.quietMilliseconds)
  }

  private func schedule(in milliseconds: Int) {
    scheduled = true
    _ = MainLoop.after(milliseconds: milliseconds) { [unowned self] in
      let quietFor = Int((MonotonicClock.nanoseconds &- lastChange) / 1_000_000)
      guard quietFor >= Self.quietMilliseconds else {
        schedule(in: Self.quietMilliseconds - quietFor)
        return
      }
      scheduled = false
      releaseNow()
    }
  }

  /// Gives the memory back now: when start-up is over and nothing is in
  /// front, as keymenud does once it started (start-up's pages, fontconfig's
  /// and GTK's set-up, are not needed again; drawing's are mapped back by
  /// the first panel).
  func releaseNow() {
    onQuiet?()
    Allocator.releaseFreeMemory()
    CodePages.release()
  }
}
