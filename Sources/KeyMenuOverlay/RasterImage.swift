/// An image as 32-bit pixels (0xAARRGGBB, rows top to bottom), for comparing
/// pictures and screenshots in tests and checks.
public struct RasterImage: Hashable, Sendable {
  public var width: Int
  public var height: Int
  /// `width * height` pixels, row by row.
  public var pixels: [UInt32]

  /// Creates an image; `pixels` must hold `width * height` values.
  public init(width: Int, height: Int, pixels: [UInt32]) {
    precondition(pixels.count == width * height, "pixel count does not match the size")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// The pixel at `x`, `y`.
  public subscript(x: Int, y: Int) -> UInt32 { pixels[y * width + x] }

  /// How far apart two pixels are: the largest difference of one channel (0...255).
  public static func distance(_ a: UInt32, _ b: UInt32) -> Int {
    var largest = 0
    for shift in stride(from: 0, to: 32, by: 8) {
      let one = Int((a >> UInt32(shift)) & 0xFF)
      let other = Int((b >> UInt32(shift)) & 0xFF)
      largest = max(largest, abs(one - other))
    }
    return largest
  }

  /// How many pixels differ by more than `tolerance` in some channel, in
  /// rows `rows` (all rows by default); nil when the sizes differ.
  public func differingPixels(from other: RasterImage, tolerance: Int = 0, rows: Range<Int>? = nil) -> Int? {
    guard width == other.width, height == other.height else { return nil }
    let range = (rows ?? 0..<height).clamped(to: 0..<height)
    var count = 0
    for y in range {
      for x in 0..<width where Self.distance(self[x, y], other[x, y]) > tolerance { count += 1 }
    }
    return count
  }

  /// The rows in which some pixel differs from `other` (same size assumed).
  public func differingRows(from other: RasterImage, tolerance: Int = 0) -> [Int] {
    guard width == other.width, height == other.height else { return [] }
    return (0..<height).filter { y in
      (0..<width).contains { x in Self.distance(self[x, y], other[x, y]) > tolerance }
    }
  }

  /// This image (premultiplied alpha, as Cairo's) laid over `background` at
  /// `x`, `y`, as a compositor shows a translucent window: the part of the
  /// background it covers, with this image over it.
  public func composited(over background: RasterImage, x: Int, y: Int) -> RasterImage {
    let under = background.cropped(x: x, y: y, width: width, height: height)
    guard under.width == width, under.height == height else { return self }
    var pixels = pixels
    for index in pixels.indices {
      let top = pixels[index]
      let bottom = under.pixels[index]
      let remaining = 255 - (top >> 24)
      var out: UInt32 = 0
      for shift: UInt32 in [0, 8, 16, 24] {
        let channel = ((top >> shift) & 0xFF) + (((bottom >> shift) & 0xFF) * remaining + 127) / 255
        out |= min(255, channel) << shift
      }
      pixels[index] = out
    }
    return RasterImage(width: width, height: height, pixels: pixels)
  }

  /// The part of the image at `x`, `y` of the given size (cut to the image).
  public func cropped(x: Int, y: Int, width: Int, height: Int) -> RasterImage {
    let left = max(0, min(x, self.width))
    let top = max(0, min(y, self.height))
    let right = max(left, min(x + width, self.width))
    let bottom = max(top, min(y + height, self.height))
    var pixels: [UInt32] = []
    pixels.reserveCapacity((right - left) * (bottom - top))
    for row in top..<bottom { pixels += self.pixels[(row * self.width + left)..<(row * self.width + right)] }
    return RasterImage(width: right - left, height: bottom - top, pixels: pixels)
  }
}
