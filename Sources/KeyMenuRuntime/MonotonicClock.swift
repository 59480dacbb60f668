import Glibc

/// `CLOCK_MONOTONIC` as a number, for what outside processes compare with
/// it: systemd's `MONOTONIC_USEC=`, the overlay's frame trace, which a
/// benchmark in another process reads with the same clock.
public enum MonotonicClock {
  /// Nanoseconds since an unspecified start (boot, on Linux).
  public static var nanoseconds: UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
  }
}
