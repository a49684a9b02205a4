import FoundationEssentials

/// Whether an import may widen the times its card's watched updates span
/// (``StoreFold/repeatSpans``) before its record is folded, and to what.
///
/// An imported update outside the span widens it, and every log is then
/// folded again (``StoreFold/spansGrew``), because an update folded before
/// in the new times was not watched. An import reads the card's whole
/// history anyway: when none of the card's updates that the span decides
/// about (no key, not an assignment, not imported) lies in the times the
/// rows add, and none is an undo while the card has no span yet, the fold
/// with the span widened from the start is the fold already there, and the
/// record is folded on top of it with the wider span. Two numbers and a
/// flag, whatever the history's length.
struct ImportSpan {
  /// The span before the import; `nil` when the card has none.
  let watched: ClosedRange<Int64>?
  /// Of the card's updates the span decides about: the latest second
  /// before the span (every one when there is no span) and the earliest
  /// after it.
  private var latestBefore: Int64?
  private var earliestAfter: Int64?
  /// Whether one of them is an undo (watched only once the card has a span).
  private var undoSeen = false
  /// The seconds of the rows recorded.
  private var rows: ClosedRange<Int64>?

  init(watched: ClosedRange<Int64>?) { self.watched = watched }

  /// Notes an update the card already has.
  mutating func noteExisting(_ update: BalanceUpdate) {
    guard StoreFold.spanDecides(update) else { return }
    if update.type == .undo { undoSeen = true }
    let second = StoreFold.second(update.timestamp)
    guard let watched else {
      latestBefore = max(latestBefore ?? second, second)
      earliestAfter = min(earliestAfter ?? second, second)
      return
    }
    if second < watched.lowerBound { latestBefore = max(latestBefore ?? second, second) }
    if second > watched.upperBound { earliestAfter = min(earliestAfter ?? second, second) }
  }

  /// Notes a row the import records.
  mutating func noteRecorded(_ update: BalanceUpdate) {
    let second = StoreFold.second(update.timestamp)
    rows = min(rows?.lowerBound ?? second, second)...max(rows?.upperBound ?? second, second)
  }

  /// The span to fold the import's record with; `nil` when the rows add no
  /// time, or when an update already folded lies in the times they add
  /// (then the fold of every log again watches it, as before).
  var widened: ClosedRange<Int64>? {
    guard let rows else { return nil }
    let lower = min(watched?.lowerBound ?? rows.lowerBound, rows.lowerBound)
    let upper = max(watched?.upperBound ?? rows.upperBound, rows.upperBound)
    let span = lower...upper
    guard span != watched else { return nil }
    guard watched != nil else {
      // No span yet: every update the span decides about must lie outside
      // the new one (they are all on one side or the other of it only when
      // the earliest is after it or the latest before it), and no undo.
      guard !undoSeen else { return nil }
      if let earliest = earliestAfter, let latest = latestBefore {
        return latest < span.lowerBound || earliest > span.upperBound ? span : nil
      }
      return span
    }
    if let latest = latestBefore, latest >= span.lowerBound { return nil }
    if let earliest = earliestAfter, earliest <= span.upperBound { return nil }
    return span
  }
}
