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

  private func text(_ money: Money) -> String { money.plainString(in: stored.card.currency) }

  /// Notes a line that did not decode.
  mutating func lostLine() {
    line += 1
    resynchronise = true
    undecodable += 1
  }

  /// Checks the next entry; returns what is wrong with it.
  mutating func check(_ entry: JournalEntry, isCommitted: Bool) -> [String] {
    line += 1
    var problems: [String] = []
    let update = entry.update
    if resynchronise {
      expected = entry.sequence
      balance = Money(minorUnits: update.balance.minorUnits - update.amount.minorUnits)
      resynchronise = false
    }
    if entry.sequence != expected {
      problems.append("sequence number \(entry.sequence) where \(expected) was expected")
    }
    expected = entry.sequence + 1
    if !ids.insert(update.id).inserted { problems.append("the id \(update.id.uuidString) is used twice") }
    if let next = balance.adding(update.amount), next == update.balance {
      balance = next
    } else {
      problems.append(
        "the balance \(text(update.balance)) does not follow from \(text(balance)) and the amount \(text(update.amount))"
      )
      balance = update.balance
    }
    if update.balance < .zero { problems.append("the balance is negative") }
    switch update.type {
    case .swipe where update.amount >= .zero: problems.append("a swipe that does not take money")
    case .reload where update.amount <= .zero: problems.append("a reload that does not add money")
    case .undo:
      if let target = update.undoes {
        if let original = byID[target] {
          if original.type == .undo { problems.append("undoes an undo") }
          if update.amount != -original.amount { problems.append("the amount does not reverse the update it undoes") }
          if !undone.insert(target).inserted { problems.append("undoes an update that was already undone") }
        } else if undecodable == 0 {
          problems.append("undoes \(target.uuidString), which is not an earlier update of this card")
        }
      } else {
        problems.append("an undo that names no update")
      }
    default: break
    }
    if update.type != .reload, update.key != nil { problems.append("only a reload has a key") }
    if let key = update.key, !keys.insert(key).inserted { problems.append("the reload key '\(key)' is used twice") }
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
  func summary() -> [String] {
    var problems: [String] = []
    if committedSequence != stored.lastSequence {
      problems.append(
        "state.json records \(stored.lastSequence) updates, but the journal holds \(committedSequence) before its recorded length"
      )
    }
    let total = committedBalance ?? stored.openingBalance
    if total != stored.card.balance {
      problems.append(
        "the history adds up to \(text(total)), but state.json says the balance is \(text(stored.card.balance))")
    }
    return problems
  }
}
