import FoundationEssentials

/// Where an event sits in the merged order of every device's events:
/// attribute writes by their record's logical clock (decision 45), balance
/// updates, a card's creation and records written before clocks by wall
/// time (clock 0); then device id, sequence and place in the record.
struct EventOrder: Comparable, Hashable, Sendable {
  var time: Date
  var device: String
  var sequence: Int
  var index: Int
  /// The record's logical clock; 0 for a record written before clocks and
  /// for every balance update.
  var clock = 0

  static func < (a: EventOrder, b: EventOrder) -> Bool {
    if a.clock != b.clock { return a.clock < b.clock }
    if a.clock == 0, a.time != b.time { return a.time < b.time }
    if a.device != b.device { return a.device < b.device }
    if a.sequence != b.sequence { return a.sequence < b.sequence }
    return a.index < b.index
  }

  /// A place that stands for none (a change looked at, not folded).
  static let none = EventOrder(time: .distantPast, device: "", sequence: 0, index: 0)
}

/// One card merged into another (`card merge KEEP OTHER`): from then on the
/// other card's whole history, opening balance included, is the kept one's.
struct CardMerge: Equatable, Sendable {
  var other: String
  var keep: String
  var order: EventOrder

  /// Which card each merged card went into, from the merges alone, in any
  /// order of arrival: in the merged order, a card's first merge stands (a
  /// card merged into two others while devices were apart goes into the
  /// first), and a merge that would close a circle (two cards merged into
  /// each other) does not.
  static func resolve(_ merges: [CardMerge]) -> [String: String] {
    var edges: [String: String] = [:]
    for merge in merges.sorted(by: { $0.order < $1.order }) where edges[merge.other] == nil {
      var end = merge.keep
      while let next = edges[end] { end = next }
      if end == merge.other { continue }
      edges[merge.other] = merge.keep
    }
    return edges
  }

  /// Where `id`'s changes go under `edges` (``resolve(_:)``), followed to
  /// the end: `id` itself when it was never merged into another.
  static func root(of id: String, in edges: [String: String]) -> String {
    var id = id
    // Bounded: ``resolve(_:)`` never makes a cycle.
    while let next = edges[id] { id = next }
    return id
  }
}

/// The assignment a card's balance stands on: `balance AMOUNT` set the
/// balance to `balance` at `order` in the merged order.
struct StandingAssignment: Equatable, Sendable {
  var order: EventOrder
  var id: UUID
  var balance: Money
}

/// A log a retire carried into another device's log (decision 41): every
/// record up to `through` (sealed `seal`) counts from the copy.
struct RetiredLog: Equatable, Sendable {
  /// The last record carried.
  var through: Int
  var seal: UInt32
  /// Where the retire that carried the most stands (of two that carried as
  /// much, the earlier in the merged order): which device retired it.
  var by: EventOrder
}

extension Repricing {
  /// Why a ride recorded at `recorded` costs `held`: a transfer found, a
  /// transfer lost (the only change that raises a charge), else its cap.
  static func of(_ recorded: Money, held: HeldCharge) -> Repricing {
    if held.reason == .transfer { return .transferFound }
    return held.charge > recorded ? .transferLost : .cap
  }
}
