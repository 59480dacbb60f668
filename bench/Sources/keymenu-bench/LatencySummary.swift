import Glibc

/// Percentiles of a set of latencies in nanoseconds (nearest rank), printed
/// in microseconds.
struct LatencySummary {
  private let sorted: [UInt64]

  init(_ samples: [UInt64]) {
    precondition(!samples.isEmpty, "no samples")
    sorted = samples.sorted()
  }

  var count: Int { sorted.count }

  /// The latency below which `fraction` of the samples lie.
  func percentile(_ fraction: Double) -> UInt64 {
    let rank = Int((fraction * Double(sorted.count)).rounded(.up))
    return sorted[min(max(rank, 1), sorted.count) - 1]
  }

  var median: UInt64 { percentile(0.5) }
  var maximum: UInt64 { sorted[sorted.count - 1] }
  var minimum: UInt64 { sorted[0] }

  /// `p50 12.3 us, p99 45.6 us, p99.9 78.9 us, max 123.4 us`.
  var text: String {
    "p50 \(micros(median)), p99 \(micros(percentile(0.99))), p99.9 \(micros(percentile(0.999))), "
      + "max \(micros(maximum))"
  }
}

/// Nanoseconds as microseconds with one decimal: `12.3 us`.
func micros(_ nanoseconds: UInt64) -> String {
  let tenths = (nanoseconds + 50) / 100
  return "\(tenths / 10).\(tenths % 10) us"
}

/// Nanoseconds as milliseconds with one decimal: `12.3 ms`.
func millis(_ nanoseconds: UInt64) -> String {
  let tenths = (nanoseconds + 50_000) / 100_000
  return "\(tenths / 10).\(tenths % 10) ms"
}

/// A ratio with two decimals: `2.57x`.
func ratio(_ numerator: UInt64, _ denominator: UInt64) -> String {
  guard denominator > 0 else { return "n/a" }
  let hundredths = (numerator * 100 + denominator / 2) / denominator
  let fraction = hundredths % 100
  return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)x"
}

/// `CLOCK_MONOTONIC` in nanoseconds.
func monotonicNanoseconds() -> UInt64 {
  var spec = timespec()
  clock_gettime(CLOCK_MONOTONIC, &spec)
  return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}
