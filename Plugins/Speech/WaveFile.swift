/// 16-bit mono PCM sound and its RIFF WAVE file bytes.
public struct WaveFile: Hashable, Sendable {
  /// Samples per second.
  public var sampleRate: Int
  /// The samples, in order.
  public var samples: [Int16]

  /// Wraps samples.
  public init(sampleRate: Int, samples: [Int16]) {
    self.sampleRate = sampleRate
    self.samples = samples
  }

  /// How long it plays, in seconds.
  public var seconds: Double { sampleRate > 0 ? Double(samples.count) / Double(sampleRate) : 0 }

  /// The file: a 44-byte RIFF header (`fmt ` for PCM, 1 channel, 16 bits)
  /// and a `data` chunk of little-endian samples.
  public var bytes: [UInt8] {
    let dataSize = UInt32(samples.count * 2)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(44 + samples.count * 2)
    func append(_ text: String) { bytes.append(contentsOf: Array(text.utf8)) }
    func append32(_ value: UInt32) {
      for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }
    func append16(_ value: UInt16) {
      bytes.append(UInt8(truncatingIfNeeded: value)); bytes.append(UInt8(value >> 8))
    }
    append("RIFF")
    append32(36 + dataSize)
    append("WAVE")
    append("fmt ")
    append32(16)
    append16(1)  // PCM
    append16(1)  // mono
    append32(UInt32(sampleRate))
    append32(UInt32(sampleRate * 2))  // bytes per second
    append16(2)  // bytes per frame
    append16(16)  // bits per sample
    append("data")
    append32(dataSize)
    for sample in samples { append16(UInt16(bitPattern: sample)) }
    return bytes
  }
}
