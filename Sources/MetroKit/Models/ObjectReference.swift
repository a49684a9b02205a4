/// Read access to a snapshot the store handed out, with the store's identity
/// for the object kept inside MetroKit.
///
/// Properties of the snapshot read straight through: `card.balance` is
/// `card.snapshot.balance`. A store uses the hidden identity to find the
/// object again, even after a rename, and to tell whether the reference was
/// made by another store or has gone stale.
@dynamicMemberLookup
public struct ObjectReference<Snapshot: Sendable & Equatable>: Sendable, Equatable {
  /// The values as the store saw them when it made this reference.
  public let snapshot: Snapshot
  let identity: ObjectIdentity

  init(snapshot: Snapshot, identity: ObjectIdentity) {
    self.snapshot = snapshot
    self.identity = identity
  }

  /// Creates a reference; for implementations of ``MetroCardDataStore`` only.
  ///
  /// - Parameters:
  ///   - snapshot: The values as the store sees them now.
  ///   - storeID: Distinguishes this store from any other.
  ///   - objectID: The object's number in the store; never reused.
  ///   - revision: The store's revision when the snapshot was taken.
  @_spi(StoreImplementation)
  public init(snapshot: Snapshot, storeID: String, objectID: Int, revision: Int) {
    self.init(
      snapshot: snapshot, identity: ObjectIdentity(storeID: storeID, objectID: objectID, revision: revision))
  }

  /// The store that made this reference; for store implementations only.
  @_spi(StoreImplementation) public var storeID: String { identity.storeID }
  /// The object's number in its store; for store implementations only.
  @_spi(StoreImplementation) public var objectID: Int { identity.objectID }
  /// The store's revision when the snapshot was taken; for store implementations only.
  @_spi(StoreImplementation) public var revision: Int { identity.revision }

  /// Reads a property of the snapshot.
  public subscript<Value>(dynamicMember keyPath: KeyPath<Snapshot, Value>) -> Value {
    snapshot[keyPath: keyPath]
  }
}

/// How a store recognises one of its objects: which store, which object, and
/// the store's revision when the reference was made.
struct ObjectIdentity: Sendable, Hashable {
  /// Distinguishes stores, so that a reference cannot be used with another.
  var storeID: String
  /// The object's number within its store; never reused.
  var objectID: Int
  /// The store's revision (its update sequence) when the snapshot was taken.
  var revision: Int
}

extension ObjectReference {
  /// Whether `other` refers to the same stored object, whatever its snapshot.
  public func isSameObject(as other: ObjectReference) -> Bool {
    identity.storeID == other.identity.storeID && identity.objectID == other.identity.objectID
  }
}
