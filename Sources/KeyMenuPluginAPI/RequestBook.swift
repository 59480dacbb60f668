import KeyMenuCore
public import KeyMenuProtocol

/// Which connection's request showed which object (an alert's or menu's
/// id): what a modal kind keeps so that a client can end its own objects by
/// the request that showed them, and so that a closed connection's objects
/// end with it (``ConnectionClosed``). Pure bookkeeping.
public struct RequestBook: Sendable {
  /// One connection's request.
  public struct Key: Hashable, Sendable {
    /// ``MethodCaller/connection``.
    public var connection: Int
    /// The request's id.
    public var request: RPCID

    /// Names a connection's request.
    public init(connection: Int, request: RPCID) {
      self.connection = connection
      self.request = request
    }
  }

  private var objects: [Key: String] = [:]

  /// An empty book.
  public init() {}

  /// Records the object a request showed.
  public mutating func started(_ key: Key, object: String) { objects[key] = object }

  /// Forgets an object that ended; nil when it was not recorded.
  @discardableResult
  public mutating func ended(_ key: Key) -> String? {
    defer { objects.shrinkIfSparse() }
    return objects.removeValue(forKey: key)
  }

  /// The object a connection's request showed, while recorded.
  public func object(for key: Key) -> String? { objects[key] }

  /// Whether `object` is one of the connection's.
  public func connection(_ connection: Int, owns object: String) -> Bool {
    objects.contains { $0.key.connection == connection && $0.value == object }
  }

  /// The objects of a connection, forgotten.
  public mutating func takeAll(of connection: Int) -> [String] {
    let keys = objects.keys.filter { $0.connection == connection }
    defer { objects.shrinkIfSparse() }
    return keys.compactMap { objects.removeValue(forKey: $0) }
  }

  /// How many objects are recorded.
  public var count: Int { objects.count }
}
