import Foundation

/// The end of a schedule: sync until nothing moves, then every device must
/// give the same cards, the same `show` and `history` for each, balances equal
/// to the model's to the cent, and a clean `verify`.
extension SyncSchedule {
  /// Syncs every device until all stores hold the same files (at most a few rounds).
  func settle() throws {
    for round in 1...4 {
      switch synchroniser {
      case .git:
        for device in active { try syncGit(device) }
      case .unison:
        for spoke in active where spoke > 0 && unisonPairAllowed(spoke) { try syncUnison(spoke) }
      }
      // A retired device is no longer used: the others must agree.
      let first = devices[active[0]].storeFiles()
      if pending.isEmpty, active.allSatisfy({ devices[$0].storeFiles() == first }) {
        note("quiescent after \(round) round(s) of syncs: \(first.count) files everywhere")
        return
      }
    }
    throw SyncScheduleFailure(description: "the stores still differ after 4 rounds of syncs")
  }

  /// Compares every device with the others and with the model.
  func compare() throws {
    let view = known(active[0])
    let names = model.displayNames(known: view)
    let cards = try sameEverywhere(["cards", "--json"])
    let listed = Set(try parseJSONArray(cards).compactMap { $0["name"] as? String })
    let expected = Set(names.values)
    let others: Set<String> = oldStart == nil ? ["default"] : SyncOldStart.names
    guard expected.isSubset(of: listed), listed.subtracting(expected).subtracting(others).isEmpty else {
      throw SyncScheduleFailure(
        description: "cards --json lists \(listed.sorted()), the model has \(expected.sorted())")
    }
    for (card, name) in names.sorted(by: { $0.value < $1.value }) {
      let show = try parseJSONObject(try sameEverywhere(["--card", name, "show", "--json"]))
      let balance = model.balanceCents(card: card, known: view)
      guard syncCents(show["balance"]) == balance else {
        throw SyncScheduleFailure(
          description: "every device shows \(name) at \(show["balance"] ?? "nil"); the model says "
            + "\(syncMoney(balance)) (each card that became it: its opening less each imported row once, "
            + "its latest assignment, reloads, a key once, - 2.00 x each swipe, until its merge; of "
            + "\(model.swipes(card: card, known: view)) swipes)")
      }
      let history = try parseJSONArray(try sameEverywhere(["--card", name, "history", "--json"]))
      // Every swipe and every keyed reload is listed, duplicates too (whether a
      // duplicate is flagged is SyncScheduleTests' keyedReloadApartIsFlagged);
      // every device's copy of an imported row too, all but one of each row
      // flagged as a duplicate.
      let swipes = history.filter { $0["type"] as? String == "swipe" }.count
      let keyed = history.filter { $0["key"] is String }.count
      let expectedKeyed = model.keyedReloads(card: card, known: view)
      let copies = model.importedCopies(card: card, known: view)
      let expectedSwipes = model.swipes(card: card, known: view) + copies
      guard swipes == expectedSwipes, keyed == expectedKeyed else {
        throw SyncScheduleFailure(
          description: "\(name)'s history lists \(swipes) swipes and \(keyed) keyed reloads; the model has "
            + "\(expectedSwipes) (\(copies) imported) and \(expectedKeyed)")
      }
      let rowDuplicates = copies - model.importedRows(card: card, known: view).count
      let flagged = history.filter { $0["duplicate"] as? Bool == true && !($0["key"] is String) }.count
      guard flagged == rowDuplicates else {
        throw SyncScheduleFailure(
          description: "\(name)'s history flags \(flagged) imported rows as duplicates; the model has \(rowDuplicates)")
      }
      // `history --limit N` (the fold's latest updates, no log read) lists
      // what the whole history lists first, alike everywhere.
      // The balance column follows the merged order, newest first: each
      // entry shows the balance after it as the model works it out (an
      // assignment sets it, a duplicate adds nothing).
      let shown = history.map { syncCents($0["balance"]) }
      let expectedColumn = model.balancesAfterUpdates(card: card, known: view).reversed().map { Optional($0) }
      guard shown == expectedColumn else {
        throw SyncScheduleFailure(
          description: "\(name)'s history shows the balances \(shown.map { $0.map(syncMoney) ?? "nil" }), the model "
            + "\(expectedColumn.map { $0.map(syncMoney) ?? "nil" }): \(history)")
      }
      let latest = try parseJSONArray(try sameEverywhere(["--card", name, "history", "--limit", "5", "--json"]))
      func canonical(_ entries: [[String: Any]]) throws -> Data {
        try JSONSerialization.data(withJSONObject: entries, options: [.sortedKeys])
      }
      guard try canonical(latest) == canonical(Array(history.prefix(5))) else {
        throw SyncScheduleFailure(description: "\(name)'s history --limit 5 is not the start of its history: \(latest)")
      }
      let duplicates = model.duplicateKeyedReloads(card: card, known: view)
      note("\(name): \(syncMoney(balance)) on every device, \(history.count) history entries")
      counts.duplicateKeys += duplicates
      counts.assignments += model.assignments(card: card, known: view)
      counts.duplicateImports += rowDuplicates
      counts.negativeCards += balance < 0 ? 1 : 0
      counts.heldRides += model.heldRides(card: card, known: view)
      counts.suffixedNames += name.contains("~") ? 1 : 0
    }
    try compareOldCards()
    for device in active.map({ devices[$0] }) {
      let verify = try device.metrobuddy(["verify"])
      // A retired log deleted is no loss: verify is sound and says nothing on stderr.
      guard verify.status == 0, syncQuiet(verify.stderr) else {
        throw SyncScheduleFailure(description: "verify on \(device.id) failed: \(verify)")
      }
    }
  }

  /// Runs a read command on every device; all must exit 0 with the same output.
  func sameEverywhere(_ arguments: [String]) throws -> String {
    var first: (id: String, output: String)?
    for device in active.map({ devices[$0] }) {
      let result = try device.metrobuddy(arguments)
      counts.commands += 1
      guard result.status == 0, syncQuiet(result.stderr) else {
        throw SyncScheduleFailure(description: "\(device.id): \(arguments.joined(separator: " ")) failed: \(result)")
      }
      if let first, first.output != result.stdout {
        throw SyncScheduleFailure(
          description: "\(arguments.joined(separator: " ")) differs between devices:\n--- \(first.id) ---\n"
            + "\(first.output)\n--- \(device.id) ---\n\(result.stdout)")
      }
      if first == nil { first = (device.id, result.stdout) }
    }
    return first?.output ?? ""
  }
}

/// Whether `stderr` says nothing but what a schedule makes true on purpose:
/// that two cards share a name (devices apart each make `twin`), or that a
/// log's latest record was made later than this device's clock (a device
/// whose clock ran fast).
func syncQuiet(_ stderr: String) -> Bool {
  stderr.split(separator: "\n").allSatisfy {
    $0.hasPrefix("Warning: ")
      && ($0.contains(" cards are named '") || $0.contains(" later than this device's clock says it is now"))
  }
}
