import FoundationEssentials

extension DeviceLogStore {
  public func importUpdates(
    _ rows: some ImportedRows, attributes: ImportedCardAttributes?, to card: ObjectReference<MetroCard>,
    keepingRecorded: Bool
  ) throws(MetroError) -> ImportResult {
    var recorded: [BalanceUpdate] = []
    return try write { view throws(MetroError) in
      // What an earlier decision recorded goes before deciding again.
      recorded = []
      let entry = view.live[try index(of: card, in: view)]
      let plan = try importPlan(rows, attributes: attributes, into: entry, in: view)
      var decision = Decision(changes: plan.changes) { view in
        ImportResult(
          card: self.reference(view.index(ofID: entry.id) ?? 0, in: view), imported: plan.recorded,
          skipped: plan.skipped, recorded: recorded)
      }
      if plan.recorded > 0 {
        // The rows are read again as the record is written, each update
        // written as it is decided.
        decision.more = { emit throws(MetroError) in
          recorded = []
          try plan.record(rows, makeID: self.makeID) { update throws(MetroError) in
            if keepingRecorded { recorded.append(update) }
            try emit(.update(cardID: entry.id, update))
          }
        }
      }
      return decision
    }
  }

  /// An import into one card, checked (every row read, none held): the
  /// changes before its updates, and how to decide them again as written.
  struct ImportPlan {
    /// The card's attributes the import sets, and the implicit card's
    /// creation when it has none yet.
    var changes: [LogChange]
    /// The decider as it starts, set to replay what the checking reading
    /// decided (``ImportDecider/replaying(_:)``), a bit a row.
    var start: ImportDecider
    /// How many updates the rows record, and how many they skip.
    var recorded: Int
    var skipped: Int

    /// Decides the rows again, handing `body` each update to record.
    func record(
      _ rows: some ImportedRows, makeID: () -> UUID, _ body: (BalanceUpdate) throws(MetroError) -> Void
    ) throws(MetroError) {
      var decider = start
      try rows.forEachRow { row throws(MetroError) in
        if let update = try decider.decide(row, makeID: makeID) { try body(update) }
      }
    }
  }

  /// Decides an import into one card (``CardRules/importing``) against its
  /// whole merged history: every row is read and checked, none is kept.
  func importPlan(
    _ rows: some ImportedRows, attributes: ImportedCardAttributes?, into entry: LogMeaning.Card, in view: View
  ) throws(MetroError) -> ImportPlan {
    // Importing reads the whole history: it must know every id the rows
    // name to skip what the card already has and check what they undo.
    let history = try meaning(of: view).cards.first(where: { $0.id == entry.id })?.history ?? []
    var before = entry.card
    before.name = entry.givenName
    var card = before
    // The first reading only checks: it makes no ids (a made id is never
    // kept, so the second reading decides the same).
    let start = ImportDecider(card: &card, history: history, attributes: attributes, now: clock.now())
    var check = start
    try rows.forEachRow { row throws(MetroError) in
      _ = try check.decide(row, makeID: { Self.checkingID })
    }
    try check.checkRepeats(again: rows.addsRepeats)
    card.balance = check.balance
    var mine = Self.attributeChanges(from: before, to: card, id: entry.id)
    if history.isEmpty, let attributes, attributes.openingBalance != entry.opening {
      var opening = card
      opening.balance = attributes.openingBalance
      mine.append(.setCard(id: entry.id, attribute: .opening, card: opening))
    }
    return ImportPlan(
      changes: materialized(mine, for: entry, more: check.recorded > 0), start: start.replaying(check),
      recorded: check.recorded, skipped: check.skipped)
  }

  /// The id the checking reading of an import gives a row that brings none.
  private static let checkingID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

  public func restore(_ backup: [BackupCard], keepingRecorded: Bool) throws(MetroError) -> [ImportResult] {
    // Every card is checked (its rows read once) before anything is
    // written; the updates are read again, a card at a time, as the
    // record is written, after every card's changes.
    var plans: [(card: BackupCard, id: String, plan: ImportPlan, recorded: [BalanceUpdate])] = []
    return try write { view throws(MetroError) in
      plans = []
      var changes: [LogChange] = []
      // The implicit `default` card of a store with no card yet is created
      // (and made the default) by the first change that touches it or adds
      // a card beside it, as `card add` does: a restored card joins it.
      var implicit = view.live.first.flatMap { $0.isCreated ? nil : $0 }
      func createImplicit() {
        guard let uncreated = implicit else { return }
        changes += materialized([.setDefault(id: uncreated.id)], for: uncreated)
        implicit = nil
      }
      for card in backup {
        var entry: LogMeaning.Card
        if let index = view.index(named: card.name) {
          entry = view.live[index]
          guard entry.card.currency == card.currency else {
            throw .importMalformed(
              source: "", line: 0, column: .card(card.name, nil),
              problem: .currencyMismatch(store: entry.card.currency, backup: card.currency))
          }
          if !entry.isCreated {
            createImplicit()
            entry.isCreated = true
          }
        } else {
          createImplicit()
          let id = makeID().uuidString.lowercased()
          let created = MetroCard(name: card.name, isDefault: false, currency: card.currency)
          changes.append(.createCard(id: id, card: created))
          entry = LogMeaning.Card(
            id: id, card: created, history: [], rides: [], givenName: card.name, isCreated: true, opening: .zero)
        }
        do throws(MetroError) {
          let plan = try importPlan(card.updates, attributes: card.attributes, into: entry, in: view)
          changes += plan.changes
          plans.append((card, entry.id, plan, []))
        } catch { throw card.locating(error) }
      }
      var decision = Decision(changes: changes) { view in
        plans.map { entry in
          ImportResult(
            card: self.reference(view.index(ofID: entry.id) ?? 0, in: view), imported: entry.plan.recorded,
            skipped: entry.plan.skipped, recorded: entry.recorded)
        }
      }
      if plans.contains(where: { $0.plan.recorded > 0 }) {
        decision.more = { emit throws(MetroError) in
          for (index, (card, id, plan, _)) in plans.enumerated() where plan.recorded > 0 {
            plans[index].recorded = []
            do throws(MetroError) {
              try plan.record(card.updates, makeID: self.makeID) { update throws(MetroError) in
                if keepingRecorded { plans[index].recorded.append(update) }
                try emit(.update(cardID: id, update))
              }
            } catch { throw card.locating(error) }
          }
        }
      }
      return decision
    }
  }
}
