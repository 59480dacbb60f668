import Glibc
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuRuntime

/// The daemon's ``HoldingLedger``, confined to the engine: the core and the
/// service plugins call (``ClientHoldings``) reach it synchronously on the
/// engine thread, without a lock; every entry checks that it runs there.
final class HoldingBook: Sendable {
  @EngineActor final class Storage {
    /// Root and keymenud's own uid (the configuration's) are held to their
    /// own share only: clients filling the daemon's never lock them out.
    var ledger = HoldingLedger<HoldingKey>(exemptFromWhole: [0, getuid()])
    nonisolated init() {}
  }

  private let storage = Storage()

  /// What is held now.
  var ledger: HoldingLedger<HoldingKey> { EngineActor.assumeIsolated { [storage] in storage.ledger } }

  /// Checks and records `holding` under `key`, in place of what `key`
  /// held; `-32007` naming the bound it would pass, and then nothing changes.
  func reserve(_ key: HoldingKey, _ holding: HoldingLedger<HoldingKey>.Holding) throws(RPCError) {
    let result = EngineActor.assumeIsolated { [storage] () -> Result<Void, RPCError> in
      do throws(RPCError) {
        try storage.ledger.reserve(key, holding)
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    try result.get()
  }

  /// Forgets what `key` holds, if anything.
  func release(_ key: HoldingKey) {
    EngineActor.assumeIsolated { [storage] in _ = storage.ledger.release(key) }
  }

  /// The service kinds count what they keep for clients with: a waiting
  /// request's text as it grows, and definitions, kind
  /// `defined`, under `.definition(plugin:name:)`.
  var clientHoldings: ClientHoldings {
    ClientHoldings(
      holdWaiting: { [self] (caller, request, bytes) throws(RPCError) in
        try reserve(
          .request(client: caller.connection, id: request),
          .init(uid: caller.uid, kind: .waiting, bytes: bytes))
      },
      holdDefinition: { [self] (plugin, name, uid, bytes) throws(RPCError) in
        try reserve(.definition(plugin: plugin, name: name), .init(uid: uid, kind: .defined, bytes: bytes))
      },
      releaseDefinition: { [self] plugin, name in release(.definition(plugin: plugin, name: name)) })
  }

  /// Forgets every key `belongs` picks.
  func releaseAll(where belongs: @Sendable (HoldingKey) -> Bool) {
    EngineActor.assumeIsolated { [storage] in storage.ledger.releaseAll(where: belongs) }
  }
}
