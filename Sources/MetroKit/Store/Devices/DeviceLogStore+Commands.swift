import FoundationEssentials

extension DeviceLogStore {
  @discardableResult
  public func apply(
    _ updates: [MetroCardUpdate], to card: ObjectReference<MetroCard>
  ) throws(MetroError) -> UpdateResult {
    try apply(updates) { view throws(MetroError) in try index(of: card, in: view) }
  }

  @discardableResult
  public func apply(_ updates: [MetroCardUpdate], toCardNamed name: String?) throws(MetroError) -> UpdateResult {
    try apply(updates) { view throws(MetroError) in try index(named: name, in: view) }
  }

  /// Decides `updates` on the card `select` picks from the view read under
  /// the lock, and records what changed.
  func apply(
    _ updates: [MetroCardUpdate], selecting select: (View) throws(MetroError) -> Int
  ) throws(MetroError) -> UpdateResult {
    // A swipe or a reload without a key, now, needs only the cards as the
    // logs leave them (decision 88).
    let answer = updates.allSatisfy { update in
      switch update {
      case .balance(.swipe, at: nil), .balance(.reload(_, key: nil), at: nil): true
      default: false
      }
    }
    return try write(answer: answer) { view throws(MetroError) in
      let entry = view.live[try select(view)]
      var card = entry.card
      card.name = entry.givenName
      let history = DeviceHistory(store: self, view: view, card: entry)
      let before = card
      // The card after the write is what the logs then mean, read back.
      let decision = try CardRules.decide(
        updates, to: &card, history: history, now: clock.now(), timeZone: timeZone, standing: false, makeID: makeID)
      var changes = Self.attributeChanges(from: before, to: card, id: entry.id)
      for var update in decision.recorded {
        if update.type == .undo, let target = update.undoes, let key = history.keysOfUndoable[target] {
          update.key = key
        }
        changes.append(.update(cardID: entry.id, update))
      }
      let id = entry.id
      return Decision(changes: materialized(changes, for: entry), earlier: history.ownRecords) { view in
        UpdateResult(
          card: self.reference(view.index(ofID: id) ?? 0, in: view),
          recorded: decision.recorded.map {
            ObjectReference(snapshot: $0, storeID: Self.storeID, objectID: Self.objectID(id), revision: view.revision)
          },
          alreadyAppliedKeys: decision.alreadyAppliedKeys, recordedReloads: decision.recordedReloads,
          notes: decision.notes, backdatedStanding: decision.backdatedStanding)
      }
    }
  }

  /// The attribute writes that take `before` to `after`.
  static func attributeChanges(from before: MetroCard, to after: MetroCard, id: String) -> [LogChange] {
    let fares =
      before.kind != after.kind || before.isReduced != after.isReduced || before.mode != after.mode
      || before.fareByHand != after.fareByHand || before.customRules != after.customRules
      || before.currency != after.currency || before.londonZones != after.londonZones
    let changed: [(CardAttribute, Bool)] = [
      (.name, before.name != after.name), (.fares, fares), (.serialNumber, before.serialNumber != after.serialNumber),
      (.expirationDate, before.expirationDate != after.expirationDate),
    ]
    return changed.filter(\.1).map { .setCard(id: id, attribute: $0.0, card: after) }
  }

  /// `changes`, preceded by the creation of the implicit `default` card when
  /// they are the first to touch it; `more`: changes made as the record is
  /// written follow them (an import's updates), which touch it too.
  func materialized(_ changes: [LogChange], for entry: LogMeaning.Card, more: Bool = false) -> [LogChange] {
    guard !changes.isEmpty || more, !entry.isCreated else { return changes }
    var card = MetroCard(name: MetroCard.defaultName, isDefault: false)
    card.balance = .zero
    // The attributes the changes set are written after it; the creation
    // carries the defaults, identical on every device.
    return [.createCard(id: entry.id, card: card)] + changes
  }

  @discardableResult
  public func addCard(named name: String, settings: CardSettings, balance: Money) throws(MetroError)
    -> ObjectReference<MetroCard>
  {
    let card = try CardRules.newCard(named: name, settings: settings, balance: balance)
    let id = makeID().uuidString.lowercased()
    return try write { view throws(MetroError) in
      guard !view.live.contains(where: { $0.card.name == name || $0.givenName == name }) else {
        throw .cardExists(name: name)
      }
      var changes: [LogChange] = [.createCard(id: id, card: card)]
      if let implicit = view.live.first, !implicit.isCreated {
        changes = materialized([.setDefault(id: implicit.id)], for: implicit) + changes
      }
      return Decision(changes: changes) { view in self.reference(view.index(ofID: id) ?? 0, in: view) }
    }
  }

  @discardableResult
  public func renameCard(_ card: ObjectReference<MetroCard>, to newName: String) throws(MetroError)
    -> ObjectReference<MetroCard>
  {
    try CardName.validate(newName)
    return try write { view throws(MetroError) in
      let entry = view.live[try index(of: card, in: view)]
      var changes: [LogChange] = []
      if entry.card.name != newName {
        guard !view.live.contains(where: { $0.card.name == newName || $0.givenName == newName }) else {
          throw .cardExists(name: newName)
        }
        var renamed = entry.card
        renamed.name = newName
        changes = materialized([.setCard(id: entry.id, attribute: .name, card: renamed)], for: entry)
      }
      return Decision(changes: changes) { view in self.reference(view.index(ofID: entry.id) ?? 0, in: view) }
    }
  }

  public func removeCard(_ card: ObjectReference<MetroCard>) throws(MetroError) {
    try write { view throws(MetroError) in
      let entry = view.live[try index(of: card, in: view)]
      guard entry.id != view.defaultID else { throw .cannotRemoveDefaultCard(name: entry.card.name) }
      return Decision(changes: [.setCard(id: entry.id, attribute: .removed, card: entry.card)]) { _ in () }
    }
  }

  @discardableResult
  public func mergeCard(_ other: ObjectReference<MetroCard>, into keep: ObjectReference<MetroCard>) throws(MetroError)
    -> ObjectReference<MetroCard>
  {
    let merged = try write { view throws(MetroError) in
      let kept = view.live[try index(of: keep, in: view)]
      let merged = view.live[try index(of: other, in: view)]
      guard kept.id != merged.id else {
        throw .cannotMerge(keep: kept.card.name, other: merged.card.name, reason: .sameCard)
      }
      guard kept.card.currency == merged.card.currency else {
        throw .cannotMerge(
          keep: kept.card.name, other: merged.card.name,
          reason: .currencies(keep: kept.card.currency, other: merged.card.currency))
      }
      guard kept.card.kind.holdsValue == merged.card.kind.holdsValue else {
        let contactless = kept.card.kind.holdsValue ? merged.card.name : kept.card.name
        throw .cannotMerge(
          keep: kept.card.name, other: merged.card.name, reason: .contactless(contactless: contactless))
      }
      // The implicit card is made first when it is either one; the default
      // moves to the kept card when it was the merged one.
      var changes = materialized([], for: kept, more: true)
      changes += materialized([], for: merged, more: true)
      changes.append(.mergeCard(other: merged.id, into: kept.id))
      if merged.id == view.defaultID { changes.append(.setDefault(id: kept.id)) }
      return Decision(changes: changes) { view in self.reference(view.index(ofID: kept.id) ?? 0, in: view) }
    }
    // What the reads said of a shared name no longer holds for these two.
    warnings.withLock { list in
      list.removeAll { finding in
        if case .cardNameShared = finding.problem { true } else { false }
      }
    }
    return merged
  }

  @discardableResult
  public func makeDefault(_ card: ObjectReference<MetroCard>) throws(MetroError) -> ObjectReference<MetroCard> {
    try write { view throws(MetroError) in
      let entry = view.live[try index(of: card, in: view)]
      let changes = entry.id == view.defaultID ? [] : materialized([.setDefault(id: entry.id)], for: entry)
      return Decision(changes: changes) { view in self.reference(view.index(ofID: entry.id) ?? 0, in: view) }
    }
  }
}
