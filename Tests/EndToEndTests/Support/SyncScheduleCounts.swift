/// Cents from a money string such as "12.00" or "-2.00".
func syncCents(_ value: Any?) -> Int? {
  guard isMoneyString(value), let text = value as? String else { return nil }
  let negative = text.hasPrefix("-")
  let parts = text.drop { $0 == "-" }.split(separator: ".")
  guard parts.count == 2, let whole = Int(parts[0]), let fraction = Int(parts[1]) else { return nil }
  return (negative ? -1 : 1) * (whole * 100 + fraction)
}

/// "12.00" from cents.
func syncMoney(_ cents: Int) -> String {
  let magnitude = abs(cents)
  let fraction = magnitude % 100
  return (cents < 0 ? "-" : "") + "\(magnitude / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
}

/// What a run of schedules exercised, for its summary line.
struct SyncScheduleCounts {
  var commands = 0
  var syncs = 0
  var partialCopies = 0
  /// Swipes refused with INSUFFICIENT FARE (and checked to record nothing).
  var refusedSwipes = 0
  /// Keyed reloads recorded on two devices apart with the same key, at the end.
  var duplicateKeys = 0
  /// Rows of the agency export imported on two devices apart (their second
  /// copies), at the end.
  var duplicateImports = 0
  /// Cards that ended below zero (devices apart overspent).
  var negativeCards = 0
  /// Cards shown as `NAME~2` (created on two devices apart with one name).
  var suffixedNames = 0
  /// Schedules in which one device's clock ran an hour or a year fast for a while.
  var fastClocks = 0
  /// `card rename` commands.
  var renames = 0
  /// Balances set (`balance AMOUNT`, an assignment), on every device, at the end.
  var assignments = 0
  /// Schedules that started from diverged copies of an old store (issue 20, item 4).
  var oldStoreStarts = 0
  /// Devices retired (`devices retire`) and their logs deleted everywhere.
  var retires = 0
  /// Own logs rolled back, deleted or replaced, refused, and brought back.
  var rollbacks = 0
  /// `card merge` of two cards of one name.
  var merges = 0
  /// Schedules whose `alpha` has a 7-day cap (issue 20, item 12).
  var cappedSchedules = 0
  /// Rides the merged order held below what their device recorded, at the end.
  var heldRides = 0

  /// Adds another run's counts.
  mutating func add(_ other: Self) {
    commands += other.commands
    syncs += other.syncs
    partialCopies += other.partialCopies
    refusedSwipes += other.refusedSwipes
    duplicateKeys += other.duplicateKeys
    duplicateImports += other.duplicateImports
    negativeCards += other.negativeCards
    suffixedNames += other.suffixedNames
    fastClocks += other.fastClocks
    renames += other.renames
    assignments += other.assignments
    oldStoreStarts += other.oldStoreStarts
    retires += other.retires
    rollbacks += other.rollbacks
    merges += other.merges
    cappedSchedules += other.cappedSchedules
    heldRides += other.heldRides
  }

  var summary: String {
    "commands=\(commands) syncs=\(syncs) partial-copies=\(partialCopies) refused-swipes=\(refusedSwipes) "
      + "duplicate-keys=\(duplicateKeys) duplicate-imports=\(duplicateImports) negative-cards=\(negativeCards) "
      + "suffixed-names=\(suffixedNames) fast-clocks=\(fastClocks) renames=\(renames) assignments=\(assignments) "
      + "old-store-starts=\(oldStoreStarts) retires=\(retires) rollbacks=\(rollbacks) merges=\(merges) "
      + "capped=\(cappedSchedules) held-rides=\(heldRides)"
  }
}
