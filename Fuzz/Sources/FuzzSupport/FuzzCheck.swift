/// Stops the fuzz run when a property the code promises does not hold.
///
/// A failed check traps after printing what went wrong, so libFuzzer saves
/// the input (`crash-<sha1>`) just as for a crash in the code itself.
public func fuzzCheck(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID,
  line: UInt = #line
) {
  guard !condition() else { return }
  fatalError("fuzz check failed: \(message())", file: file, line: line)
}
