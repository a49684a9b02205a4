import FoundationEssentials

extension StoredCard {
  /// Applies complete transactions read past `journalLength`, as a crashed
  /// writer left them. A ride at or after the latest one moves the fare
  /// standing on; a backdated ride or an undo marks it as not current.
  mutating func apply(_ tail: Journal.Tail, timeZone: LocalTimeZone) {
    for entry in tail.entries {
      let update = entry.update
      card.balance = update.balance
      lastSequence = entry.sequence
      guard fareStateIsCurrent else { continue }
      if update.type == .undo {
        fareStateIsCurrent = false
      } else if let ride = RecordedRide(update) {
        if let latest = card.fareState.latestRide, ride.time < latest {
          fareStateIsCurrent = false
        } else {
          card.fareState = FareEngine.advance(
            card.fareState, with: ride, rules: card.rules(at: ride.time, in: timeZone),
            timeZone: card.rulesZone(timeZone))
        }
      }
    }
    journalLength = tail.committedLength
  }
}
