import FoundationEssentials

// How a card's fare settings and standing are written and read: in a log
// record's `card` and `set` changes, the cache, and format 3's `state.json`.

extension MetroCard {
  /// The card's fare settings, as a log's `card` and `set` changes and an
  /// export carry them (its standing is ``FareState/value(in:)``).
  func fareMembers() -> [(String, JSONValue)] {
    func money(_ value: Money) -> JSONValue { .string(value.plainString(in: currency)) }
    func time(_ date: Date?) -> JSONValue { .string(date.map(Timestamp.iso8601)) }
    func cap(_ cap: FareCap?) -> JSONValue {
      guard let cap else { return .null }
      let period: String =
        switch cap.period {
        case .rolling(let days): "\(days)d"
        case .calendarDay: "day"
        case .calendarWeek: "week"
        case .calendarMonth: "month"
        case .travelDay(let minute): "day@\(minute)"
        case .travelWeek(let minute): "week@\(minute)"
        }
      return .object([("limit", money(cap.limit)), ("period", .string(period))])
    }
    let hand = fareByHand.map { JSONValue.object([("amount", money($0.amount)), ("since", time($0.since))]) }
    var custom = JSONValue.null
    if let rules = customRules {
      let transfer = rules.transfer.map {
        JSONValue.object([
          ("minutes", .integer(Int64($0.windowMinutes))), ("transfers", .integer(Int64($0.transfersPerRide))),
        ])
      }
      var members: [(String, JSONValue)] = [
        ("expressFare", rules.expressFare.map(money) ?? .null), ("cap", cap(rules.cap)),
        ("expressCap", cap(rules.expressCap)), ("transfer", transfer ?? .null),
      ]
      // `zone` only when set: a card without one is written as before. Its
      // name and its rule, so that the card reads the same days on a
      // machine without a time zone database.
      if let zone = rules.zone {
        members.append(("zone", .object([("name", .string(zone.name)), ("rule", .string(zone.rule.description))])))
      }
      custom = .object(members)
    }
    var members: [(String, JSONValue)] = [
      ("kind", .string(kind.rawValue)), ("reduced", .bool(isReduced)), ("mode", .string(mode.rawValue)),
      ("fareByHand", hand ?? .null), ("customRules", custom),
    ]
    if let londonZones { members.append(("londonZones", .string(londonZones.text))) }
    return members
  }
}

extension FareState {
  /// The standing as the cache holds it (and format 3's `state.json` held
  /// it as `fareState`), in `currency`.
  func value(in currency: Currency) -> JSONValue {
    func money(_ value: Money) -> JSONValue { .string(value.plainString(in: currency)) }
    func time(_ date: Date?) -> JSONValue { .string(date.map(Timestamp.iso8601)) }
    func progress(_ progress: CapProgress?) -> JSONValue {
      guard let progress else { return .null }
      return .object([("start", time(progress.start)), ("end", time(progress.end)), ("paid", money(progress.paid))])
    }
    var members = [("local", progress(local)), ("express", progress(express))]
    if let localWeekly { members.append(("localWeekly", progress(localWeekly))) }
    if let expressWeekly { members.append(("expressWeekly", progress(expressWeekly))) }
    var paid = JSONValue.null
    if let lastPaid {
      var fields: [(String, JSONValue)] = [
        ("time", time(lastPaid.time)), ("mode", .string(lastPaid.mode.rawValue)), ("fare", money(lastPaid.fare)),
        ("transfersLeft", .integer(Int64(lastPaid.transfersLeft))),
      ]
      if let device = lastPaid.device { fields.append(("device", .string(device))) }
      if let takenBy = lastPaid.takenBy { fields.append(("takenBy", .string(takenBy))) }
      paid = .object(fields)
    }
    let spent = month.map {
      JSONValue.object([
        ("year", .integer(Int64($0.year))), ("month", .integer(Int64($0.month))), ("spent", money($0.spent)),
      ])
    }
    // [day, trips, of them by local bus, of them by express bus]
    let trips: [JSONValue] = tally.trips.sorted { $0.key < $1.key }.map { day, trips in
      let bus = Int64(tally.busTrips[day] ?? 0)
      let express = Int64(tally.expressTrips[day] ?? 0)
      let date = CalendarDate(daysSinceEpoch: day).description
      return .array([.string(date), .integer(Int64(trips)), .integer(bus), .integer(express)])
    }
    let days = JSONValue.object([("first", .string(tally.firstDay?.description)), ("trips", .array(trips))])
    return .object(
      members + [("lastPaid", paid), ("latestRide", time(latestRide)), ("month", spent ?? .null), ("tally", days)])
  }
}

extension FieldReader {
  /// A nested object's reader, or `nil` for JSON null.
  func optionalObject(_ key: String) throws(MetroError) -> FieldReader? {
    switch try value(key) {
    case .null: return nil
    case .object(let members): return FieldReader(object: .object(members), path: path, line: line, card: card)
    default: throw damaged(.fieldNotObject(field: key))
    }
  }

  func bool(_ key: String) throws(MetroError) -> Bool {
    guard case .bool(let flag) = try value(key) else { throw damaged(.fieldNotBoolean(field: key)) }
    return flag
  }

  func known<Value: RawRepresentable<String>>(_ key: String, as: Value.Type) throws(MetroError) -> Value {
    let text = try string(key)
    guard let value = Value(rawValue: text) else { throw damaged(.fieldNotKnown(field: key, text: text)) }
    return value
  }

  func time(_ key: String) throws(MetroError) -> Date {
    let text = try string(key)
    guard let date = Timestamp.parseISO8601UTC(text) else { throw damaged(.timestampNotUTC(text: text)) }
    return date
  }

  func optionalTime(_ key: String) throws(MetroError) -> Date? {
    try optionalString(key) == nil ? nil : try time(key)
  }

  func optionalDate(_ key: String) throws(MetroError) -> CalendarDate? {
    guard let text = try optionalString(key) else { return nil }
    guard let date = CalendarDate(iso: text) else { throw damaged(.fieldNotDate(field: key)) }
    return date
  }

  /// Reads a card's fare fields into `card`, and the standing of format 3's
  /// `state.json` when it has one (checked; the fold works it out again).
  func readFares(into card: inout MetroCard) throws(MetroError) {
    let currency = card.currency
    card.kind = try known("kind", as: CardKind.self)
    card.isReduced = try bool("reduced")
    card.mode = try known("mode", as: TravelMode.self)
    if let hand = try optionalObject("fareByHand") {
      try hand.allowOnly(["amount", "since"])
      let amount = try hand.money("amount", currency: currency)
      guard amount > .zero else { throw damaged(.fareNotPositive) }
      card.fareByHand = HandFare(amount: amount, since: try hand.optionalTime("since"))
    }
    if card.kind == .custom, card.fareByHand == nil { throw damaged(.fieldMissing(field: "fareByHand")) }
    if object["londonZones"] != nil, let text = try optionalString("londonZones") {
      do { card.londonZones = try LondonZones(text) } catch {
        throw damaged(.fieldNotKnown(field: "londonZones", text: text))
      }
    }
    func cap(_ reader: FieldReader, _ key: String) throws(MetroError) -> FareCap? {
      guard let object = try reader.optionalObject(key) else { return nil }
      try object.allowOnly(["limit", "period"])
      let text = try object.string("period")
      guard let period = Interchange.capPeriod(text) else {
        throw object.damaged(.fieldNotKnown(field: "period", text: text))
      }
      return FareCap(limit: try object.money("limit", currency: currency), period: period)
    }
    if let custom = try optionalObject("customRules") {
      try custom.allowOnly(["expressFare", "cap", "expressCap", "transfer", "zone"])
      var rules = CustomFareRules()
      if try custom.optionalString("expressFare") != nil {
        rules.expressFare = try custom.money("expressFare", currency: currency)
      }
      rules.cap = try cap(custom, "cap")
      rules.expressCap = try cap(custom, "expressCap")
      if let transfer = try custom.optionalObject("transfer") {
        try transfer.allowOnly(["minutes", "transfers"])
        rules.transfer = TransferRule(
          windowMinutes: try transfer.integer("minutes"), transfersPerRide: try transfer.integer("transfers"))
      }
      if custom.object["zone"] != nil, let zone = try custom.optionalObject("zone") {
        try zone.allowOnly(["name", "rule"])
        let name = try zone.string("name")
        let text = try zone.string("rule")
        guard let rule = PosixTimeZone(text), AgencyZone.isKeepableName(name) else {
          throw zone.damaged(.fieldNotKnown(field: "rule", text: text))
        }
        rules.zone = AgencyZone(name: name, rule: rule)
      }
      card.customRules = rules
    }
    guard object["fareState"] != nil, let standing = try optionalObject("fareState") else { return }
    card.fareState = try standing.fareState(currency: currency).state
  }

  /// The fare standing this reader's object holds (``FareState/value(in:)``)
  /// in `currency`, and whether it is current: one written before the tally,
  /// or before it counted modes, is worked out again on the next write.
  func fareState(currency: Currency) throws(MetroError) -> (state: FareState, isCurrent: Bool) {
    try allowOnly([
      "local", "express", "localWeekly", "expressWeekly", "lastPaid", "latestRide", "month", "tally",
    ])
    func progress(_ key: String) throws(MetroError) -> CapProgress? {
      guard let object = try optionalObject(key) else { return nil }
      try object.allowOnly(["start", "end", "paid"])
      return CapProgress(
        start: try object.time("start"), end: try object.time("end"), paid: try object.money("paid", currency: currency)
      )
    }
    var state = FareState(local: try progress("local"), express: try progress("express"))
    if object["localWeekly"] != nil { state.localWeekly = try progress("localWeekly") }
    if object["expressWeekly"] != nil { state.expressWeekly = try progress("expressWeekly") }
    if let last = try optionalObject("lastPaid") {
      try last.allowOnly(["time", "mode", "fare", "transfersLeft", "device", "takenBy"])
      state.lastPaid = PaidRide(
        time: try last.time("time"), mode: try last.known("mode", as: TravelMode.self),
        fare: try last.money("fare", currency: currency), transfersLeft: try last.integer("transfersLeft"),
        device: try last.optionalString("device"), takenBy: try last.optionalString("takenBy"))
    }
    state.latestRide = try optionalTime("latestRide")
    if let month = try optionalObject("month") {
      try month.allowOnly(["year", "month", "spent"])
      state.month = MonthSpend(
        year: try month.integer("year"), month: try month.integer("month"),
        spent: try month.money("spent", currency: currency))
    }
    // A standing written before the tally existed (by the last format-3
    // builds, without the member) is worked out again on the next write.
    guard object["tally"] != nil, let tally = try optionalObject("tally") else {
      return (state, false)
    }
    try tally.allowOnly(["first", "trips"])
    let firstDay = try tally.optionalDate("first")
    guard case .array(let trips) = try tally.value("trips") else { throw tally.damaged(.fieldNotArray(field: "trips")) }
    var counts: [Int: Int] = [:]
    var bus: [Int: Int] = [:]
    var express: [Int: Int] = [:]
    var byMode = true
    for trip in trips {
      func damaged() -> MetroError {
        tally.damaged(.fieldNotKnown(field: "trips", text: JSONWriter.string(trip, style: .compact)))
      }
      guard case .array(let entry) = trip, entry.count == 2 || entry.count == 4, case .string(let text) = entry[0],
        let day = CalendarDate(iso: text), case .integer(let count) = entry[1], count > 0, count <= Int64(Int32.max)
      else { throw damaged() }
      counts[day.daysSinceEpoch] = Int(count)
      // [day, trips] was written before the modes were counted (cache 8,
      // format 3): the standing is worked out again on the next write.
      guard entry.count == 4 else {
        byMode = false
        continue
      }
      guard case .integer(let buses) = entry[2], case .integer(let expresses) = entry[3], buses >= 0, expresses >= 0,
        buses <= count, expresses <= count - buses
      else { throw damaged() }
      if buses > 0 { bus[day.daysSinceEpoch] = Int(buses) }
      if expresses > 0 { express[day.daysSinceEpoch] = Int(expresses) }
    }
    state.tally = RideTally(firstDay: firstDay, trips: counts, busTrips: bus, expressTrips: express)
    return (state, byMode)
  }
}
