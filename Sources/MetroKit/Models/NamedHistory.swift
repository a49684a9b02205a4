import FoundationEssentials

/// The ids of a card's long history that an import's rows may name, each
/// with its amount: 24 bytes an id, sorted, found by halving. What the
/// rows name is known by an ``IDFilter`` of their ids (``named(by:)``), so
/// a few ids more than they name may be kept, never fewer; an id the
/// history holds twice keeps the amount of its last copy.
package struct NamedHistory: Sendable {
  private struct Entry: Sendable {
    var high: UInt64
    var low: UInt64
    var amount: Int64
  }

  private var entries: [Entry] = []
  private var sorted = true

  package init() {}

  var isEmpty: Bool { entries.isEmpty }
  var count: Int { entries.count }

  /// The filter of every id `rows` name: their own and their undos' targets.
  static func named(by rows: some ImportedRows) throws(MetroError) -> IDFilter {
    var filter = IDFilter()
    try rows.forEachRow { row in
      if let id = row.id { _ = filter.insert(id) }
      if let target = row.undoes { _ = filter.insert(target) }
    }
    return filter
  }

  /// Keeps `id` with its amount (a later one for the same id wins).
  mutating func append(_ id: UUID, amount: Money) {
    let key = UUIDKey(id)
    entries.append(Entry(high: key.high, low: key.low, amount: amount.minorUnits))
    sorted = false
  }

  /// Sorts what was appended, keeping each id's last amount: then ids are
  /// found.
  mutating func seal() {
    guard !sorted else { return }
    // The sort keeps the order of equal ids (it is stable): the last
    // appended of each is kept.
    entries.sort { ($0.high, $0.low) < ($1.high, $1.low) }
    var kept = 0
    for place in entries.indices {
      if kept > 0, entries[kept - 1].high == entries[place].high, entries[kept - 1].low == entries[place].low {
        entries[kept - 1] = entries[place]
      } else {
        entries[kept] = entries[place]
        kept += 1
      }
    }
    entries.removeLast(entries.count - kept)
    sorted = true
  }

  /// The amount of `id`, when it is kept.
  func amount(of id: UUID) -> Money? {
    precondition(sorted, "NamedHistory read before seal()")
    let key = UUIDKey(id)
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      let entry = entries[middle]
      if (entry.high, entry.low) < (key.high, key.low) { low = middle + 1 } else { high = middle }
    }
    guard low < entries.count, entries[low].high == key.high, entries[low].low == key.low else { return nil }
    return Money(minorUnits: entries[low].amount)
  }
}
