import FuzzSupport

/// libFuzzer's entry: a configuration file, optionally followed by drop-ins
/// (see ``ConfigFiles``), loaded as `keymenud --check` loads it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  ConfigCheck.run(FuzzInput.bytes(data, size))
  return 0
}
