import Glibc
import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuProtocol

/// The daemon's ``HoldingLedger``, on the engine thread: the core and the
/// service plugins call (``ClientHoldings``) reach it synchronously there,
/// without a lock.
@EngineActor
final class HoldingBook {
  /// What is held now. Root and keymenud's own uid (the configuration's)
  /// are held to their own share only: clients filling the daemon's never
  /// lock them out.
  private(set) var ledger = HoldingLedger<HoldingKey>(exemptFromWhole: [0, getuid()])

  nonisolated init() {}

  /// Checks and records `holding` under `key`, in place of what `key`
  /// held; `-32007` naming the bound it would pass, and then nothing changes.
  func reserve(_ key: HoldingKey, _ holding: HoldingLedger<HoldingKey>.Holding) throws(RPCError) {
    try ledger.reserve(key, holding)
  }

  /// Forgets what `key` holds, if anything.
  func release(_ key: HoldingKey) {
    _ = ledger.release(key)
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
  func releaseAll(where belongs: (HoldingKey) -> Bool) {
    ledger.releaseAll(where: belongs)
  }
}
