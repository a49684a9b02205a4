import FoundationEssentials

/// One card merged into another (`card merge KEEP OTHER`): from then on the
/// other card's whole history, opening balance included, is the kept one's.
struct CardMerge: Equatable, Sendable {
  var other: String
  var keep: String
  var order: EventOrder
}

extension StoreFold {
  /// Where a merged card's changes go, followed to the end: the card itself
  /// when it was never merged into another.
  func root(of id: String) -> String {
    guard !mergedInto.isEmpty else { return id }
    var id = id
    // Bounded: ``resolveMerges(_:)`` never makes a cycle.
    while let next = mergedInto[id] { id = next }
    return id
  }

  /// The cards whose changes go to `id`, `id` among them.
  func members(of id: String) -> [String] {
    guard !mergedInto.isEmpty else { return [id] }
    return [id] + mergedInto.keys.filter { $0 != id && root(of: $0) == id }.sorted()
  }

  /// Which card each merged card went into, from the merges alone, in any
  /// order of arrival: in the merged order, a card's first merge stands (a
  /// card merged into two others while devices were apart goes into the
  /// first), and a merge that would close a circle (two cards merged into
  /// each other) does not.
  static func resolveMerges(_ merges: [CardMerge]) -> [String: String] {
    var edges: [String: String] = [:]
    for merge in merges.sorted(by: { $0.order < $1.order }) where edges[merge.other] == nil {
      var end = merge.keep
      while let next = edges[end] { end = next }
      if end == merge.other { continue }
      edges[merge.other] = merge.keep
    }
    return edges
  }

  /// Folds a merge. When it only sends a card that went nowhere into
  /// another, the card's balance, opening, counted reload keys and latest
  /// updates move into where it now goes, which is what folding its
  /// changes there from the start would give. Otherwise (a merge that comes
  /// before another of the same card, in the merged order) cards already
  /// folded would belong elsewhere from the start: ``needsRefold``.
  mutating func applyMerge(other: String, keep: String, order: EventOrder) {
    let merge = CardMerge(other: other, keep: keep, order: order)
    // Each card's money is its own until the merge, assignments and all:
    // what the logs mean says the balance of the card they become.
    defer {
      let into = cardIndex(root(of: keep))
      if cards[into].hasAssignments || index(ofCard: other).map({ cards[$0].hasAssignments }) == true {
        cards[into].balanceIsCurrent = false
      }
    }
    guard !merges.contains(merge) else { return }
    // The times noted under the card that goes are not moved with it.
    unwatched.isKnown = false
    let before = mergedInto
    merges.append(merge)
    mergedInto = Self.resolveMerges(merges)
    var added = mergedInto
    for (card, target) in before where added[card] == target { added[card] = nil }
    let removed = before.filter { mergedInto[$0.key] != $0.value }
    guard removed.isEmpty else {
      needsRefold = true
      return
    }
    guard let (moved, _) = added.first, added.count == 1, let from = index(ofCard: moved) else { return }
    // A balance assignment on either card sets the balance of the one card
    // they become, in the merged order: only folding again places it.
    let to = cardIndex(root(of: moved))
    // So do the copies of imported updates either card watches.
    if [from, to].contains(where: {
      cards[$0].assignment != nil || !cards[$0].undoneAssignments.isEmpty || !cards[$0].copies.isEmpty
        || repeatSpans[cards[$0].id] != nil
    }) {
      needsRefold = true
      return
    }
    move(from, into: root(of: moved))
  }

  /// Moves what a card holds into the card its changes now go to.
  private mutating func move(_ from: Int, into target: String) {
    let to = cardIndex(target)
    let source = cards[from]
    cards[to].card.balance.minorUnits += source.card.balance.minorUnits
    cards[to].absorbedOpening.minorUnits += source.opening.minorUnits + source.absorbedOpening.minorUnits
    for (key, counted) in source.reloads {
      guard let kept = cards[to].reloads[key] else {
        cards[to].reloads[key] = counted
        continue
      }
      // The same key on both cards: the first in the merged order counts,
      // undone by the first undo of either.
      var merged = counted.order < kept.order ? counted : kept
      merged.undo = [counted.undo, kept.undo].compactMap { $0 }.min { $0.order < $1.order }
      cards[to].card.balance.minorUnits +=
        merged.standingAmount.minorUnits - counted.standingAmount.minorUnits - kept.standingAmount.minorUnits
      cards[to].reloads[key] = merged
    }
    if !source.reloads.isEmpty { reloadKeysChanged = true }
    cards[to].fareStateIsCurrent = false
    if let newest = source.newestUpdate, cards[to].newestUpdate.map({ $0 < newest }) ?? true {
      cards[to].newestUpdate = newest
    }
    cards[from].card.balance = .zero
    cards[from].absorbedOpening = .zero
    cards[from].reloads = [:]
  }

  /// A merged card's opening changed (its creation arrived after the
  /// merge, or a later edit): the difference goes where its changes go.
  mutating func openingMoved(by difference: Int64, ofMerged id: String) {
    let to = cardIndex(root(of: id))
    // The opening balance is where the balance starts only until an assignment.
    if cards[to].assignment == nil { cards[to].card.balance.minorUnits += difference }
    cards[to].absorbedOpening.minorUnits += difference
  }
}
