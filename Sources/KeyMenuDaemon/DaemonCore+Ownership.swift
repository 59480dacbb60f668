import KeyMenuProtocol
import KeyMenuServer

/// Finding a client's own objects (menus, for now) by the request that
/// showed them or by id, and an admin's reach to other owners' objects.
extension DaemonCore {
  /// The id an admin names that is not one of its own objects (nil otherwise:
  /// then only the client's own objects count).
  func othersObject(
    _ params: DismissParams, in owned: [RPCID: String], _ session: ClientSession, what: String
  )
    throws(RPCError) -> String?
  {
    guard params.request == nil, let id = params.id, !owned.values.contains(id) else { return nil }
    guard session.client.tier == .admin else {
      throw .notFound("no pending \(what) \(id) of this connection (another client's needs the admin tier)")
    }
    return id
  }

  /// Finds the id of one of the client's own alerts or menus, by the request
  /// that showed it or by its id.
  func ownedObject(_ params: DismissParams, in owned: [RPCID: String], what: String) throws(RPCError)
    -> String
  {
    if let request = params.request {
      guard let id = owned[request] else { throw .notFound("no pending \(what) shown by request \(request)") }
      return id
    }
    guard let id = params.id else { throw .invalidParams("give request or id", field: "request") }
    guard owned.values.contains(id) else { throw .notFound("no pending \(what) \(id) of this connection") }
    return id
  }
}
