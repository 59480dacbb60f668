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

  /// The size from which an allocation gets pages of its own, given back
  /// to the kernel as soon as it is freed (``keepLargeAllocationsApart()``).
  public static let ownPagesFrom = 32 * 1024

  /// Allocations of ``ownPagesFrom`` bytes or more get pages of their own
  /// (`M_MMAP_THRESHOLD`, fixed): glibc would otherwise raise the threshold
  /// after the first large one is freed and carve the next ones (60 KB text
  /// boxes, request lines, encoded states) from the heap, where they
  /// fragment it. Measured in the soak's hostile phase (bench/soak/README.md):
  /// peak VmRSS 114.6 -> 76.4 MiB with four uids at their caps.
  public static func keepLargeAllocationsApart() {
    _ = keymenu_set_mmap_threshold(Int32(ownPagesFrom))
  }
}
