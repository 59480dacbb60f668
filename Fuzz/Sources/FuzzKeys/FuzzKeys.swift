import FuzzSupport

/// libFuzzer's entry: a stream of ``KeyRecord``s (25 bytes each) for up to
/// four devices, decoded by `KeyDecoder` and by ``KeyModel`` side by side.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeys(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  KeyDecoderCheck.run(FuzzInput.bytes(data, size))
  return 0
}
