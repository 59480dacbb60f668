import FuzzSupport

/// libFuzzer's entry: one client line (without its newline), as the socket
/// server's line decoder hands it to `RPCRequest.parse`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRPCLine(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  RPCLineCheck.run(FuzzInput.bytes(data, size))
  return 0
}
