import FoundationEssentials

extension DeviceLogStore {
  /// Takes from what the logs mean (``meaning(of:)``), read once, all that
  /// a card's fold could not place alone: the balance of each card whose
  /// fold left it to be worked out (an assignment that arrived after
  /// updates later than it, an undo on a card that had assignments, a
  /// merge of cards that had them), and the fare standing of each live
  /// card that rides folded out of time order left behind (another
  /// device's older rides, a backdated ride before the checkpoint, an undo
  /// of an older ride): its standing, the rides the merged order charges
  /// otherwise, the periods over a cap, and a new checkpoint. What every
  /// reader shows must not depend on the order the logs arrived in. Rare,
  /// and then it reads every log once; the cache keeps the result.
  ///
  /// - Returns: Whether anything was taken.
  @discardableResult
  func takeFromMeaning(_ view: inout View) throws(MetroError) -> Bool {
    // The records a fold from nothing read, let go here whether or not they are needed.
    var read = view.read
    view.read = nil
    // Every command comes here: the usual answer, nothing to take, costs a look at each card.
    guard view.fold.cards.contains(where: { !$0.balanceIsCurrent || !$0.fareStateIsCurrent }) else { return false }
    let liveIDs = Set(view.live.map(\.fold.id))
    let stale = view.fold.cards.filter { !$0.balanceIsCurrent || (!$0.fareStateIsCurrent && liveIDs.contains($0.id)) }
    guard !stale.isEmpty else { return false }
    let meaning: LogMeaning.State
    if read != nil {
      meaning = LogMeaning.fold(read.take()!, timeZone: timeZone)
    } else {
      meaning = try self.meaning(of: view)
    }
    for entry in stale {
      guard let position = view.fold.index(ofCard: entry.id) else { continue }
      view.fold.cards[position].balanceIsCurrent = true
      guard let meant = meaning.cards.first(where: { $0.id == entry.id }) else { continue }
      view.fold.cards[position].card.balance = meant.card.balance
      view.fold.cards[position].assignment = meant.assignment
      guard !entry.fareStateIsCurrent else { continue }
      let card = entry.card
      var rulesOfDay = FareRulesOfDay()
      let machine = timeZone
      view.fold.cards[position].card.fareState = meant.card.fareState
      view.fold.cards[position].repriced = meant.held
      let (checkpoint, overruns) = FareCheckpoint.of(
        meant, rules: { rulesOfDay.rules(of: card, at: $0, in: machine) }, timeZone: card.rulesZone(timeZone))
      view.fold.cards[position].card.capOverruns = Array(overruns.suffix(MetroCard.overrunsKept))
      view.fold.cards[position].checkpoint = checkpoint
      view.fold.cards[position].fareStateIsCurrent = true
    }
    view.refresh()
    return true
  }

  /// What the store's logs mean (``LogMeaning``), every log read whole from
  /// its start, with this store's time zone. An old store not yet
  /// converted has no logs to read: it means nothing here.
  package func meaning() throws(MetroError) -> LogMeaning.State {
    LogMeaning.fold(try logs(), timeZone: timeZone)
  }

  /// Every log of the store, read whole from its start.
  package func logs() throws(MetroError) -> [LogMeaning.Log] {
    var logs: [LogMeaning.Log] = []
    for folder in try deviceFolders() {
      logs.append(LogMeaning.Log(device: folder, records: try records(of: folder, through: nil)))
    }
    return logs
  }

  /// What the logs mean as far as `view` has read them: each log's
  /// records up to the last the view folded, and an old store's records
  /// as the log they become. Every whole-history answer (history, the
  /// balance the fold cannot place alone) is this one.
  func meaning(of view: View) throws(MetroError) -> LogMeaning.State {
    var logs: [LogMeaning.Log] = []
    for (folder, position) in view.fold.logs where folder != view.legacy?.folder {
      logs.append(LogMeaning.Log(device: folder, records: try records(of: folder, through: position.sequence)))
    }
    if let legacy = view.legacy { logs.append(LogMeaning.Log(device: legacy.folder, records: legacy.records)) }
    return LogMeaning.fold(consume logs, timeZone: timeZone)
  }

  /// The records of `folder`'s log, oldest first, up to sequence `last` (all without one).
  private func records(of folder: String, through last: Int?) throws(MetroError) -> [LogRecord] {
    var records: [LogRecord] = []
    let scanner = LogScanner(fileSystem: fileSystem, path: layout.logPath(folder), device: folder)
    _ = try scanner.scan(from: .start) { record, _ in
      if last.map({ record.sequence <= $0 }) ?? true { records.append(record) }
    }
    return records
  }
}
