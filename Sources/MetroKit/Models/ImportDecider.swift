import FoundationEssentials

/// The rules of ``CardRules/importing(_:into:existing:undone:undos:keys:makeID:attributes:)``
/// a row at a time, so that an import decides each row as it is read and
/// holds none of them.
///
/// It keeps the ids (with their amounts) of the card's history and of the
/// rows it recorded that brought an id, and the reload keys: what the next
/// row may name. An id made for a row that brought none is not kept: no row
/// of the file can name it.
package struct ImportDecider: Sendable {
  private var amounts: [UUID: Money]
  private var undone: Set<UUID>
  private var undos: Set<UUID>
  private var keys: Set<String>
  /// The updates of the card's history as a row without an id would
  /// repeat them, each with how many times it is there: what tells a file
  /// without ids imported a second time (decision 94).
  private var repeatable: [Repeat: Int] = [:]
  /// How many recorded rows brought no id and repeat an update of the
  /// history that no earlier row repeated.
  package private(set) var repeats = 0
  /// Which rows were skipped, a bit a row in the order they came.
  private var skips: [UInt64] = []
  /// How many rows were decided.
  private var decided = 0
  /// Whether this decides the rows again as a reading did before
  /// (``replaying(_:)``).
  private var replays = false
  private let currency: Currency
  /// The card's kind (the export's, when the card takes its attributes): a
  /// card that holds no money takes no reload.
  private let kind: CardKind
  /// The clock's time: a row dated more than a day after it is refused,
  /// as `--at` is (``CardRules/maximumFutureSeconds``). A history records
  /// what happened; a row dated later would stand after every update to come.
  private let now: Date
  /// The card's balance after the rows decided so far.
  package private(set) var balance: Money
  /// How many rows were skipped (their id or reload key already there).
  package private(set) var skipped = 0
  /// How many rows were recorded.
  package private(set) var recorded = 0

  /// Starts an import into `card`, which takes `attributes` when it has no
  /// history yet (see ``CardRules/importing(_:into:existing:undone:undos:keys:makeID:attributes:)``).
  ///
  /// - Parameter hasHistory: Whether the card has any update; by default,
  ///   whether `existing` names one.
  /// - Parameter now: The clock's time: a row dated more than a day after
  ///   it is refused.
  package init(
    card: inout MetroCard, existing: [UUID: Money], undone: Set<UUID>, undos: Set<UUID>, keys: Set<String>,
    attributes: ImportedCardAttributes?, hasHistory: Bool? = nil, now: Date
  ) {
    self.now = now
    if let attributes, !(hasHistory ?? !existing.isEmpty) {
      card.balance = attributes.openingBalance
      card.kind = attributes.kind
      card.isReduced = attributes.isReduced
      card.mode = attributes.mode
      card.fareByHand = attributes.fareByHand
      card.customRules = attributes.customRules
      card.londonZones = attributes.londonZones
      card.expirationDate = attributes.expirationDate
      card.serialNumber = attributes.serialNumber
    }
    amounts = existing
    self.undone = undone
    self.undos = undos
    self.keys = keys
    balance = card.balance
    currency = card.currency
    kind = card.kind
  }

  /// Starts an import into `card`, whose history is `history`, oldest
  /// first: its ids, undos, reload keys and the updates a row without an
  /// id may repeat are what the rows are decided against.
  package init(card: inout MetroCard, history: [BalanceUpdate], attributes: ImportedCardAttributes?, now: Date) {
    var amounts: [UUID: Money] = [:]
    var undone = Set<UUID>()
    var undos = Set<UUID>()
    var keys = Set<String>()
    var repeatable: [Repeat: Int] = [:]
    for update in history {
      if let key = update.key, update.type == .reload { keys.insert(key) }
      amounts[update.id] = update.amount
      if let target = update.undoes { undone.insert(target) }
      if update.type == .undo { undos.insert(update.id) }
      repeatable[Repeat(update), default: 0] += 1
    }
    self.init(
      card: &card, existing: amounts, undone: undone, undos: undos, keys: keys, attributes: attributes,
      hasHistory: !history.isEmpty, now: now)
    self.repeatable = repeatable
  }

  /// What a row without an id shares with an update it repeats: every field
  /// but the id and the balance, the time to the second.
  private struct Repeat: Hashable {
    var second: Double
    var type: BalanceUpdate.Kind
    var amount: Money
    var key: String?
    var undoes: UUID?
    var fare: Money?
    var mode: TravelMode?
    var reason: RideReason?
    var note: String?

    init(_ update: BalanceUpdate) {
      self.init(
        update.timestamp, update.type, update.amount, update.key, update.undoes, update.fare, update.mode,
        update.reason, update.note)
    }

    init(_ update: ImportedUpdate) {
      self.init(
        update.timestamp, update.type, update.amount, update.key, update.undoes, update.fare, update.mode,
        update.reason, update.note)
    }

    private init(
      _ time: Date, _ type: BalanceUpdate.Kind, _ amount: Money, _ key: String?, _ undoes: UUID?, _ fare: Money?,
      _ mode: TravelMode?, _ reason: RideReason?, _ note: String?
    ) {
      (second, self.type, self.amount, self.key, self.undoes) =
        (time.timeIntervalSince1970.rounded(.down), type, amount, key, undoes)
      (self.fare, self.mode, self.reason, self.note) = (fare, mode, reason, note)
    }
  }

  /// Refuses, once every row is decided, an import whose every row to
  /// record brought no id and repeats an update the card already has (a
  /// file without ids imported a second time), unless `again` (`import --again`).
  ///
  /// - Throws: ``MetroError/importMalformed(source:line:column:problem:)``
  ///   (with an empty source) with ``ImportProblem/alreadyRecorded(rows:)``.
  package func checkRepeats(again: Bool) throws(MetroError) {
    guard !again, recorded > 0, repeats == recorded else { return }
    throw .importMalformed(source: "", line: 0, column: nil, problem: .alreadyRecorded(rows: recorded))
  }

  /// How many ids and keys it holds to decide the rows to come.
  var idsHeld: Int { amounts.count + undone.count + undos.count + keys.count }

  /// This decider as it starts, set to decide the same rows again as
  /// `checked` decided them: each row it skipped is skipped, and each other
  /// is recorded without being checked again (the rows are the same) and
  /// without the ids and keys that checking them kept, which are let go:
  /// the card's history it was given, the rows' ids and keys.
  package func replaying(_ checked: ImportDecider) -> ImportDecider {
    var replay = self
    replay.amounts = [:]
    replay.undone = []
    replay.undos = []
    replay.keys = []
    replay.repeatable = [:]
    replay.skips = checked.skips
    replay.replays = true
    return replay
  }

  /// Decides the next row: the update to record, or `nil` when it is skipped.
  ///
  /// - Throws: ``MetroError/importMalformed(source:line:column:problem:)`` (with
  ///   an empty source) when the row breaks a rule.
  package mutating func decide(_ update: ImportedUpdate, makeID: () -> UUID) throws(MetroError) -> BalanceUpdate? {
    let row = decided
    decided += 1
    let word = row >> 6
    let bit = UInt64(1) << (row & 63)
    if replays {
      if word < skips.count, skips[word] & bit != 0 {
        skipped += 1
        return nil
      }
      return try record(update, makeID: makeID)
    }
    // Skipped: an id the card or an earlier row has, or a reload key.
    let idKnown = update.id.map { amounts[$0] != nil } ?? false
    if idKnown || update.key.map(keys.contains) == true {
      while skips.count <= word { skips.append(0) }
      skips[word] |= bit
      skipped += 1
      return nil
    }
    func refusal(_ column: String, _ problem: ImportProblem) -> MetroError { Self.refusal(update, column, problem) }
    if update.timestamp.timeIntervalSince(now) > CardRules.maximumFutureSeconds {
      throw refusal(update.timeColumn, .timeInFuture(Timestamp.iso8601(update.timestamp), now: Timestamp.iso8601(now)))
    }
    // A card that holds no money is not reloaded by a file either (an Oyster
    // history's top-ups into a contactless card), as `reload` refuses.
    if update.type == .reload, !kind.holdsValue { throw .notStoredValue(kind: kind) }
    if update.undoes != nil, update.type != .undo { throw refusal("undoes", .undoesOnlyOnUndo) }
    if update.type != .swipe {
      if update.fare != nil { throw refusal("fare", .rideFieldOnlyOnSwipe) }
      if update.mode != nil { throw refusal("mode", .rideFieldOnlyOnSwipe) }
      if update.reason != nil { throw refusal("reason", .rideFieldOnlyOnSwipe) }
    } else if !CardRules.rideChargeFits(-update.amount, fare: update.fare, reason: update.reason) {
      throw refusal("amount", .rideChargeDoesNotFitReason(update.reason ?? .paid))
    }
    if update.type == .adjustment, update.amount == .zero { throw refusal("amount", .zeroAdjustment) }
    if update.type == .undo {
      guard let target = update.undoes else { throw refusal("type", .undoWithoutTarget) }
      guard let original = amounts[target] else {
        throw refusal("undoes", .undoTargetUnknown)
      }
      guard !undos.contains(target) else { throw refusal("undoes", .undoOfUndo) }
      guard !undone.contains(target) else { throw refusal("undoes", .undoTargetAlreadyUndone) }
      guard update.amount == -original else {
        throw refusal("amount", .undoAmountMismatch(expected: original, currency: currency))
      }
      undone.insert(target)
    }
    return try record(update, makeID: makeID)
  }

  /// A row refused for what its `column` holds (the source is the caller's to name).
  private static func refusal(_ update: ImportedUpdate, _ column: String, _ problem: ImportProblem) -> MetroError {
    .importMalformed(source: "", line: update.line, column: .column(column), problem: problem)
  }

  /// Records a row decided not skipped: the card's balance after it, its
  /// id (and, checking, the id and key a later row may name).
  private mutating func record(_ update: ImportedUpdate, makeID: () -> UUID) throws(MetroError) -> BalanceUpdate {
    // An imported history may take a stored-value card below zero (a real
    // OMNY card can go negative once): it is shown as it is. Only the
    // range of what can be recorded bounds it.
    guard let next = balance.adding(update.amount), next >= -Money.maximumBalance, next <= .maximumBalance else {
      throw Self.refusal(
        update, "amount",
        .balanceOutOfRange(Money(minorUnits: balance.minorUnits &+ update.amount.minorUnits), currency: currency))
    }
    balance = next
    let id: UUID
    if let given = update.id {
      id = given
      if !replays {
        amounts[given] = update.amount
        if update.type == .undo { undos.insert(given) }
      }
    } else {
      id = makeID()
      if !replays, let count = repeatable[Repeat(update)], count > 0 {
        repeatable[Repeat(update)] = count - 1
        repeats += 1
      }
    }
    if !replays, let key = update.key { keys.insert(key) }
    recorded += 1
    var result = BalanceUpdate(
      id: id, type: update.type, amount: update.amount, balance: next,
      timestamp: Date(timeIntervalSince1970: update.timestamp.timeIntervalSince1970.rounded(.down)),
      key: update.key, undoes: update.undoes, fare: update.fare, mode: update.mode, reason: update.reason,
      note: update.note)
    // Every imported charge is a fact (never held to a cap in the merge);
    // one with the id its file gave may also arrive by another road.
    result.isImported = true
    return result
  }
}
