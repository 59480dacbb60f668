import CKeyMenuRuntime

/// glibc's allocator and the memory it keeps after it was freed.
///
/// glibc does not give freed memory back to the kernel unless it is at the
/// top of a heap and more than the trim threshold: a burst of many small
/// allocations (the lines queued for 50 subscribers that stopped reading)
/// leaves the heaps full of free pages that stay resident after everything
/// was freed. ``releaseFreeMemory()`` hands those pages back; the daemon
/// calls it once it is quiet after such a burst (`MemoryReturn`), never
/// per request. (Fewer arenas, `M_ARENA_MAX` 1, 2 or 4, gave nothing on
/// top of the trim in bench/soak/burst.py, so each thread keeps its own.)
public enum Allocator {
  /// Gives the free memory of every arena back to the kernel
  /// (`malloc_trim(0)`); whether some was released. It walks every arena's
  /// free chunks under that arena's lock: once after a burst, not often.
  @discardableResult
  public static func releaseFreeMemory() -> Bool {
    keymenu_malloc_trim() == 1
  }
}
