import FoundationEssentials

/// `verify`'s search for periods over their cap, done in its one read of
/// the logs: each card's rides go to an ``OverrunSearch`` as the read meets
/// them, while that is the merged order a walk would give them in.
///
/// It is while the card's rides all come from one log, their times never go
/// back (a log keeps its device's recording order, which a backdated ride,
/// `swipe --at`, leaves), no update of the card takes another back, and the
/// card's fares were last set before its first ride (the search reads the
/// rules as the card has them at each ride). A card for which one of these
/// fails, and every card of a store whose read order the merged order does
/// not follow (an old store, a converted or retired log, merged cards), is
/// walked from the logs afterwards, as before
/// (``DeviceHistory/ridesInMergedOrder()``). Holds, per card, the
/// standing and the periods found; never an update.
struct StreamedOverruns {
  /// One card's search while its rides come in the merged order.
  private struct CardSearch {
    var search = OverrunSearch()
    /// The log its rides come from; `nil` before its first ride.
    var folder: String?
    /// Its latest ride's time.
    var latest = Date.distantPast
    /// The latest write of its fares when its first ride came.
    var fares: EventOrder?
    /// It is walked afterwards instead.
    var walksLater = false

    mutating func take(
      _ update: BalanceUpdate, folder: String, card: MetroCard?, fares: EventOrder?, zone: LocalTimeZone
    ) {
      guard !walksLater else { return }
      guard update.undoes == nil, let ride = RecordedRide(update) else {
        if update.undoes != nil { giveUp() }
        return
      }
      guard let card else { return giveUp() }
      if let known = self.folder {
        guard known == folder, latest <= ride.time, self.fares == fares else { return giveUp() }
      } else {
        self.folder = folder
        self.fares = fares
      }
      latest = ride.time
      search.add(ride, rules: { card.rules(at: $0, in: zone) }, timeZone: card.rulesZone(zone))
    }

    mutating func giveUp() {
      walksLater = true
      search = OverrunSearch()
    }
  }

  /// The machine's zone (a card's rules read its agency's).
  let timeZone: LocalTimeZone
  private var cards: [String: CardSearch] = [:]

  init(timeZone: LocalTimeZone) { self.timeZone = timeZone }

  /// Takes an update of `cardID` that counts, read from `folder`'s log,
  /// with `fold` as it stands before the update.
  mutating func take(_ update: BalanceUpdate, of cardID: String, from folder: String, fold: StoreFold) {
    // Only a ride or an undo moves the search: anything else costs a look.
    guard update.type == .swipe || update.undoes != nil else { return }
    let position = fold.index(ofCard: cardID)
    let card = position.map { fold.cards[$0].card }
    let fares = position.flatMap { fold.cards[$0].written[.fares] }
    cards[cardID, default: CardSearch()].take(update, folder: folder, card: card, fares: fares, zone: timeZone)
  }

  /// The periods over their cap of `entry`'s rides, when the read found
  /// them all in the merged order; `nil` when they are to be walked.
  /// `fold` is every log folded, `folders` every log read.
  func found(for entry: FoldCard, in fold: StoreFold, folders: [String], legacy: LegacyStore?) -> [CapOverrun]? {
    guard legacy == nil, fold.retired.isEmpty, fold.mergedInto.isEmpty,
      !folders.contains(where: { $0.hasPrefix(StoreLayout.upgradePrefix) })
    else { return nil }
    guard let card = cards[entry.id] else { return [] }
    guard !card.walksLater, card.folder.map({ fold.logs[$0] != nil }) ?? true,
      card.fares == entry.written[.fares] || card.folder == nil
    else { return nil }
    return card.search.found
  }
}
