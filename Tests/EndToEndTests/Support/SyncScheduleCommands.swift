import Foundation

/// The commands of a schedule, each checked against the device's view in the
/// model as it runs: a swipe is refused exactly when the view's balance is
/// below the fare, a keyed reload records nothing exactly when the view has the
/// key, and `show` gives the view's balance, whatever part of the logs it holds.
extension SyncSchedule {
  /// Runs one writing command on `device` and records what it wrote in the model.
  func write(on device: Int, _ write: Write) throws {
    let view = known(device)
    let names = model.displayNames(known: view)
    let me = devices[device]
    let before = me.logSize(of: me.id)
    var arguments: [String]
    var expectRecord = true
    var expectRefusal = false
    var card: Int?
    var importing: [Int] = []
    var capped = false
    switch write {
    case .add(let name):
      arguments = ["card", "add", name, "--kind", "custom", "--fare", "2.00", "--balance", "10"]
      if name == "alpha", let cap = model.alphaCapCents {
        arguments += ["--cap", syncMoney(cap).replacingOccurrences(of: "$", with: ""), "--cap-period", "7d"]
      }
    case .reload(let target, let dollars, let key):
      card = target
      arguments = ["--card", names[target] ?? "?", "reload", "\(dollars)"]
      if let key {
        arguments += ["--key", key]
        expectRecord = !model.hasKey(key, card: target, known: view)
      }
    case .assign(let target, let dollars):
      // Setting the balance to what it already is records nothing.
      card = target
      arguments = ["--card", names[target] ?? "?", "balance", "\(dollars)"]
      expectRecord = model.balanceCents(card: target, known: view) != dollars * 100
    case .swipe(let target):
      card = target
      arguments = ["--card", names[target] ?? "?", "swipe"]
      expectRefusal = model.balanceCents(card: target, known: view) < SyncModel.fareCents
      expectRecord = !expectRefusal
      if target == 0, model.alphaCapCents != nil {
        // What a capped card charges depends on the view's week: the log
        // says what was recorded, and the model holds it to the cap.
        capped = true
      }
    case .rename(let target, let name):
      card = target
      arguments = ["card", "rename", names[target] ?? "?", name]
    case .importSlice(let target, let slice):
      card = target
      arguments = ["--card", names[target] ?? "?", "import", try exportFile(slice), "--format", "omny"]
      // What the view has of the export is skipped, whoever imported it.
      let held = model.importedRows(card: target, known: view)
      importing = Self.exportSlices[slice].filter { !held.contains($0) }
      expectRecord = !importing.isEmpty
    case .merge(let keep, let other):
      card = other
      arguments = ["card", "merge", names[keep] ?? "?", names[other] ?? "?"]
      counts.merges += 1
    }
    let result = try me.metrobuddy(arguments)
    counts.commands += 1
    let after = me.logSize(of: me.id)
    let viewBalance = card.map { " (view balance \(syncMoney(model.balanceCents(card: $0, known: view))))" } ?? ""
    note("\(me.id): \(arguments.joined(separator: " ")) -> exit \(result.status)\(viewBalance)")
    if capped, result.status == 1, result.stderr.contains("INSUFFICIENT FARE"), after == before {
      counts.refusedSwipes += 1
      return
    }
    if expectRefusal, !capped {
      counts.refusedSwipes += 1
      guard result.status == 1, result.stderr.contains("INSUFFICIENT FARE"), after == before else {
        throw SyncScheduleFailure(
          description: "\(me.id): the view's balance is below the fare, so the swipe should be refused with "
            + "INSUFFICIENT FARE and record nothing (log \(before) -> \(after) bytes): \(result)")
      }
      return
    }
    guard result.status == 0 else {
      throw SyncScheduleFailure(description: "\(me.id): \(arguments.joined(separator: " ")) failed: \(result)")
    }
    guard capped || (after > before) == expectRecord else {
      throw SyncScheduleFailure(
        description: "\(me.id): \(arguments.joined(separator: " ")) should \(expectRecord ? "" : "not ")record "
          + "(log \(before) -> \(after) bytes): \(result)")
    }
    if case .importSlice = write, !result.stdout.hasPrefix("Imported \(importing.count) update") {
      throw SyncScheduleFailure(
        description: "\(me.id): the view holds rows of the export, so the import should record "
          + "\(importing.count): \(result)")
    }
    // A capped card may take a ride the balance does not cover (the cap
    // makes it free): what it recorded goes into the model.
    if capped { expectRecord = after > before }
    guard expectRecord else { return }
    let (at, seq, clock, charge, recordedAt) = try lastRecord(of: me, from: before)
    // The record's logical clock is above every record the device held.
    guard clock == model.nextClock(known: view) else {
      throw SyncScheduleFailure(
        description: "\(me.id) holding \(describe(view)) wrote a record with clock \(clock); the model says "
          + "\(model.nextClock(known: view)) (one more than every record it held)")
    }
    let change: SyncModel.Change
    switch write {
    case .add(let name): change = .create(name: name, openingCents: Self.openingCents)
    case .reload(_, let dollars, let key): change = .reload(cents: dollars * 100, key: key)
    case .swipe: change = .swipe(chargeCents: charge)
    case .rename(_, let name): change = .rename(name: name)
    case .assign(_, let dollars): change = .assign(cents: dollars * 100)
    case .importSlice: change = .imported(rows: importing)
    case .merge(let keep, _): change = .merge(into: keep)
    }
    model.record(
      origin: device, end: after, at: at, recordedAt: recordedAt, seq: seq, clock: clock, card: card, change: change)
  }

  /// The slices of the export a device imports, by index into
  /// ``SyncModel/exportCharges``: the older four, the newer four (two in
  /// both), and all six.
  static let exportSlices = [[0, 1, 2, 3], [2, 3, 4, 5], [0, 1, 2, 3, 4, 5]]

  /// The OMNY file of one slice, made the first time it is asked for: the
  /// same bytes on every device, newest row first as OMNY writes it, the
  /// rows a day apart in March 2025 (before any ride the schedule makes).
  func exportFile(_ slice: Int) throws -> String {
    let path = root + "/export-\(slice).csv"
    if exists(path) { return path }
    var lines = ["Card Number,Trip Time,Location,Fare Amount ($),Mode,Product Type,Trip Status"]
    for row in Self.exportSlices[slice].reversed() {
      let cents = SyncModel.exportCharges[row]
      lines.append(
        "**** 4821,03/0\(row + 1)/2025 08:1\(row) AM,Station \(row),$\(syncMoney(cents)),Subway,PAYGO,Completed")
    }
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// `show --json` on `device`: the balance must be the view's.
  func show(on device: Int, card: Int) throws {
    let view = known(device)
    guard let name = model.displayNames(known: view)[card] else { return }
    let me = devices[device]
    let result = try me.metrobuddy(["--card", name, "show", "--json"])
    counts.commands += 1
    let expected = model.balanceCents(card: card, known: view)
    note("\(me.id): --card \(name) show --json -> exit \(result.status) (view balance \(syncMoney(expected)))")
    guard result.status == 0, let object = try? parseJSONObject(result.stdout) else {
      throw SyncScheduleFailure(description: "\(me.id): show \(name) failed: \(result)")
    }
    guard syncCents(object["balance"]) == expected else {
      throw SyncScheduleFailure(
        description: "\(me.id) holding \(describe(view)) shows \(name) at \(object["balance"] ?? "nil"), "
          + "the model says \(syncMoney(expected))")
    }
  }

  /// The time, `seq` and `clock` of the last record appended to `device`'s
  /// own log after byte `offset` (its update's time when it has one, else
  /// its `at`), a swipe's charge, and the record's own `at`.
  func lastRecord(
    of device: SyncDevice, from offset: Int
  ) throws -> (at: String, seq: Int, clock: Int, charge: Int, recordedAt: String) {
    let bytes = device.log(of: device.id)
    let appended = bytes.suffix(from: bytes.startIndex + offset)
    guard let line = appended.split(separator: UInt8(ascii: "\n")).last,
      let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
      let recordedAt = object["at"] as? String, let seq = (object["seq"] as? NSNumber)?.intValue,
      let clock = (object["clock"] as? NSNumber)?.intValue
    else {
      throw SyncScheduleFailure(
        description: "\(device.id): cannot read the record just appended: \(String(decoding: appended, as: UTF8.self))")
    }
    // An update sits in the merged order at its own time, which the command
    // took before stamping the record: the two differ when a second ends
    // between them.
    var at = recordedAt
    let changes = object["changes"] as? [[String: Any]] ?? []
    if let update = changes.first(where: { $0["type"] as? String == "update" }),
      let timestamp = update["timestamp"] as? String
    {
      at = timestamp
    }
    // A swipe's charge as recorded, in cents (its amount is minus it).
    var charge = 0
    if let amount = changes.first(where: { $0["type"] as? String == "update" })?["amount"] as? NSNumber {
      charge = -amount.intValue
    }
    return (at, seq, clock, charge, recordedAt)
  }

  /// "dev-a: 120 bytes, dev-b: 80 bytes" for a view.
  func describe(_ view: [Int]) -> String {
    zip(devices, view).map { "\($0.0.id): \($0.1) bytes" }.joined(separator: ", ")
  }
}
