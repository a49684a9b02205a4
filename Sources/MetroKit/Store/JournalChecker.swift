import FoundationEssentials

/// The checks `verify` makes on a journal's lines, fed one line at a time so
/// that the journal never has to be in memory at once.
struct JournalChecker {
  let stored: StoredCard
  private var balance: Money
  /// The sequence number the next line should have.
  private(set) var expected = 1
  private var ids = Set<UUID>()
  private var byID: [UUID: BalanceUpdate] = [:]
  private var undone = Set<UUID>()
  private var keys = Set<String>()
  private var committedBalance: Money?
  private var committedSequence = 0
  /// The line numbers of a transaction not finished yet.
  private(set) var pendingTransaction: [Int] = []
  /// After a line that does not decode, the next good line restarts the
  /// sequence and balance checks, so one bad line is one problem.
  private var resynchronise = false
  /// How many lines did not decode; checks across lines need them all.
  private(set) var undecodable = 0
  private var line = 1

  init(stored: StoredCard) {
    self.stored = stored
    balance = stored.openingBalance
  }

  /// Notes a line that did not decode.
  mutating func lostLine() {
    line += 1
    resynchronise = true
    undecodable += 1
  }

  /// Checks the next entry; returns what is wrong with it.
  mutating func check(_ entry: JournalEntry, isCommitted: Bool) -> [StoreProblem] {
    line += 1
    var problems: [StoreProblem] = []
    let update = entry.update
    if resynchronise {
      expected = entry.sequence
      balance = Money(minorUnits: update.balance.minorUnits - update.amount.minorUnits)
      resynchronise = false
    }
    if entry.sequence != expected {
      problems.append(.unexpectedSequence(found: entry.sequence, expected: expected))
    }
    expected = entry.sequence + 1
    if !ids.insert(update.id).inserted { problems.append(.idUsedTwice(update.id)) }
    if let next = balance.adding(update.amount), next == update.balance {
      balance = next
    } else {
      problems.append(
        .balanceDoesNotFollow(
          balance: update.balance, previous: balance, amount: update.amount, currency: stored.card.currency))
      balance = update.balance
    }
    // A contactless card's balance is what it has cost, and an import may
    // take any card below zero: only the recordable range bounds it.
    if update.balance < -Money.maximumBalance { problems.append(.balanceNegative) }
    if update.type != .swipe, update.fare != nil || update.mode != nil || update.reason != nil {
      problems.append(.rideFieldsOnNonRide)
    }
    switch update.type {
    case .swipe where update.amount > .zero || (update.amount == .zero && update.reason == nil):
      problems.append(.swipeTakesNoMoney)
    case .swipe where !CardRules.rideChargeFits(-update.amount, fare: update.fare, reason: update.reason):
      problems.append(.rideChargeDoesNotFitReason(reason: update.reason))
    case .reload where update.amount <= .zero: problems.append(.reloadAddsNoMoney)
    case .undo:
      if let target = update.undoes {
        if let original = byID[target] {
          if original.type == .undo { problems.append(.undoesUndo) }
          if update.amount != -original.amount { problems.append(.undoAmountDoesNotReverse) }
          if !undone.insert(target).inserted { problems.append(.undoesUndoneUpdate) }
        } else if undecodable == 0 {
          problems.append(.undoesUnknownUpdate(target))
        }
      } else {
        problems.append(.undoNamesNoUpdate)
      }
    default: break
    }
    if update.type != .reload, update.key != nil { problems.append(.keyOnNonReload) }
    if let key = update.key, !keys.insert(key).inserted { problems.append(.reloadKeyUsedTwice(key: key)) }
    byID[update.id] = update
    pendingTransaction.append(line)
    if entry.sequence == entry.transactionEnd { pendingTransaction.removeAll() }
    if isCommitted {
      committedBalance = balance
      committedSequence = entry.sequence
    }
    return problems
  }

  /// What is wrong between the journal as a whole and `state.json`.
  func summary() -> [StoreProblem] {
    var problems: [StoreProblem] = []
    if committedSequence != stored.lastSequence {
      problems.append(.updateCountMismatch(recorded: stored.lastSequence, found: committedSequence))
    }
    let total = committedBalance ?? stored.openingBalance
    if total != stored.card.balance {
      problems.append(.balanceMismatch(total: total, recorded: stored.card.balance, currency: stored.card.currency))
    }
    return problems
  }
}
