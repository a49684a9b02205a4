/// What a fold knows of the updates it folded without watching them that a
/// wider span of watched times (``StoreFold/repeatSpans``) would have
/// watched: per card, the whole seconds from the earliest to the latest,
/// and whether an undo was among them (an undo is watched once its card
/// has any span). A span that widens over none of them needs no fold of
/// every log again: a new device that reads an import folds it once.
///
/// Only a fold that started from nothing knows this; one loaded from the
/// cache, or that merged cards, does not, and every widened span folds
/// every log again, as it always did. It is bookkeeping of one fold, not
/// part of what was folded: two are always equal.
struct UnwatchedTimes: Equatable, Sendable {
  /// Whether every update this fold folded unwatched was noted.
  var isKnown = true
  private var seconds: [String: ClosedRange<Int64>] = [:]
  private var undone: Set<String> = []

  static func == (_: Self, _: Self) -> Bool { true }

  /// Notes `update`, folded into card `cardID` without being watched.
  mutating func note(_ update: BalanceUpdate, cardID: String) {
    guard isKnown, StoreFold.spanDecides(update) else { return }
    if update.type == .undo { undone.insert(cardID) }
    let second = StoreFold.second(update.timestamp)
    let known = seconds[cardID]
    seconds[cardID] = min(known?.lowerBound ?? second, second)...max(known?.upperBound ?? second, second)
  }

  /// Whether an update noted for card `cardID` (or any, when not known)
  /// would be watched under its span `grown`; `hadSpan`: whether the card had one before.
  func mayHaveFolded(in grown: ClosedRange<Int64>, cardID: String, hadSpan: Bool) -> Bool {
    guard isKnown else { return true }
    if !hadSpan, undone.contains(cardID) { return true }
    return seconds[cardID]?.overlaps(grown) ?? false
  }
}
