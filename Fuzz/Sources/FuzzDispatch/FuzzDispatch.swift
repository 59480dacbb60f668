import FuzzSupport
import Glibc

/// The daemon, set up once per process (see ``DispatchHarness``); its
/// configuration directory is removed at exit.
nonisolated(unsafe) let dispatchHarness: DispatchHarness = {
  let made = DispatchHarness()
  atexit { dispatchHarness.removeDirectory() }
  return made
}()

/// libFuzzer's entry: lines from clients and harness steps (``DispatchStep``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDispatch(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  dispatchHarness.run(DispatchStep.parse(FuzzInput.bytes(data, size)))
  return 0
}
