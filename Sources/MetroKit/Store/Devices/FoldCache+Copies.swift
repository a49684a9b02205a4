import FoundationEssentials

extension FoldCache {
  /// A card's watched update ids: each id with its copies, each copy its
  /// order, amount, and its undo's amount or null.
  static func encodeCopies(_ copies: [UUID: WatchedUpdate]) -> JSONValue {
    .array(
      copies.sorted { $0.key.uuidString < $1.key.uuidString }.map { id, watched in
        .array([
          .string(id.uuidString),
          .array(
            watched.copies.map { copy in
              .array([
                order(copy.order), .integer(copy.amount.minorUnits),
                copy.undoAmount.map { .integer($0.minorUnits) } ?? .null,
              ])
            }),
        ])
      })
  }

  static func decodeCopies(_ value: JSONValue) throws -> [UUID: WatchedUpdate] {
    guard case .array(let entries) = value else { throw Unreadable() }
    var copies: [UUID: WatchedUpdate] = [:]
    for entry in entries {
      guard case .array(let parts) = entry, parts.count == 2, case .string(let text) = parts[0],
        let id = UUID(uuidString: text), case .array(let list) = parts[1], !list.isEmpty
      else { throw Unreadable() }
      var watched = WatchedUpdate()
      for item in list {
        guard case .array(let fields) = item, fields.count == 3, case .integer(let amount) = fields[1] else {
          throw Unreadable()
        }
        var copy = UpdateCopy(order: try order(fields[0]), amount: Money(minorUnits: amount))
        if case .integer(let undo) = fields[2] {
          copy.undoAmount = Money(minorUnits: undo)
        } else if fields[2] != .null {
          throw Unreadable()
        }
        watched.copies.append(copy)
      }
      copies[id] = watched
    }
    return copies
  }
}
