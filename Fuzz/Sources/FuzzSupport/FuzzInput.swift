/// The bytes libFuzzer hands to `LLVMFuzzerTestOneInput`.
///
/// The one C boundary of each fuzz target: the pointer and length are copied
/// into an array at once, and nothing else in the fuzz targets touches a
/// pointer.
public enum FuzzInput {
  /// Copies `size` bytes from `data` (which may be null when `size` is 0).
  public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
  }
}
