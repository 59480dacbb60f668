/// The engine's isolation domain: code marked `@EngineActor` runs on the
/// engine thread (``EngineExecutor``), so engine-confined state needs no
/// lock and the compiler checks that nothing reaches it from elsewhere.
@globalActor public actor EngineActor {
  /// The actor.
  public static let shared = EngineActor()

  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    EngineExecutor.shared.asUnownedSerialExecutor()
  }

  /// Runs `operation` isolated to the engine, synchronously: for the engine
  /// thread's own reactor, outside any job. Traps on any other thread.
  ///
  /// What `MainActor.assumeIsolated` does for the main actor (the standard
  /// library has it for no other global actor): the isolation is checked
  /// at run time, then the closure is called as a nonisolated one.
  public static func assumeIsolated<T: Sendable>(_ operation: @EngineActor () throws -> T) rethrows -> T {
    EngineExecutor.shared.checkIsolated()
    typealias Nonisolated = () throws -> T
    return try withoutActuallyEscaping(operation) { isolated in
      try unsafeBitCast(isolated, to: Nonisolated.self)()
    }
  }
}
