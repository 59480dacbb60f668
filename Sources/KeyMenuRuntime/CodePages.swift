import CKeyMenuRuntime

/// The pages of code and read-only data this process has mapped from its
/// executable and libraries, given back while it is quiet.
///
/// keymenud is one statically linked Swift binary: start-up (the
/// configuration's parser, ArgumentParser, the plugins' set-up, the
/// runtime's own initialisation) touches about 3 MB of its code and the
/// libraries' code once, and those pages stay mapped, and counted in its
/// resident size, for the process's life. The kernel maps file pages in
/// blocks around each fault (fault-around: one status request after a
/// release faulted about 50 times and mapped 1.4 MB back), so the resident
/// code is several times what actually runs.
///
/// ``release()`` drops the process's mappings of those pages
/// (`madvise(MADV_DONTNEED)` on every whole page of each loaded object's
/// read-only segments; never a writable one, so nothing relocated or
/// written is lost). The pages stay in the page cache: what runs next maps
/// them again with minor faults, measured at 0.08-0.37 ms on the first
/// request after a release, nothing on the ones after. An
/// unmapped page-cache page is also the first the kernel reclaims when
/// memory runs short, where a mapped code page is kept. Written here, with
/// `dl_iterate_phdr`, because no library does it; the daemon calls it once
/// start-up is over and when it is quiet after something ended
/// (`MemoryReturn`), never per request.
public enum CodePages {
  /// What a release advised.
  public struct Released: Equatable, Sendable {
    /// Segments advised.
    public var ranges: Int
    /// Their length in bytes (address space: resident or not).
    public var bytes: Int
  }

  /// Drops the process's mappings of its read-only file pages; see the type.
  @discardableResult
  public static func release() -> Released {
    var bytes = 0
    let ranges = keymenu_release_code_pages(&bytes)
    return Released(ranges: ranges, bytes: bytes)
  }
}
