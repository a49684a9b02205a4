import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// Issue 35, item 7: the plain fold of every log (``LogMeaning``) is the
/// oracle. Devices in-process, each with its own store folder and cache,
/// record rides, reloads (some keyed), balance settings and undos at times
/// that interleave, and carry each other's logs now and then as a
/// synchroniser would; after every step each device's view (cached, as a
/// command reads it, and read again without a cache) must be what its logs
/// mean. The cases the store still gets wrong are named by the tests below
/// them, with the figures the logs mean.
@Suite("What the logs mean")
struct LogMeaningTests {
  /// One device: its store folder and cache, and its id.
  struct Device {
    let id: String
    let root: String
    let clock: Clock

    var store: DeviceLogStore { store(cache: root + "/cache") }

    func store(cache: String) -> DeviceLogStore {
      DeviceLogStore(
        directory: root + "/store", identity: DeviceIdentity(override: id, file: root + "/device", defaultName: id),
        cacheDirectory: cache, clock: clock, timeZone: .utc, lockTimeout: 5)
    }

    /// Copies every log `other` holds that is longer than this device's copy.
    func receive(from other: Device) throws {
      let devices = other.root + "/store/devices"
      for folder in (try? FileManager.default.contentsOfDirectory(atPath: devices)) ?? [] {
        let source = devices + "/" + folder + "/log.jsonl"
        let target = root + "/store/devices/" + folder + "/log.jsonl"
        guard let bytes = fileBytes(source), bytes.count > (fileBytes(target)?.count ?? 0) else { continue }
        try FileManager.default.createDirectory(
          atPath: root + "/store/devices/" + folder, withIntermediateDirectories: true)
        try overwrite(target, with: bytes)
      }
    }
  }

  static let now = Date(timeIntervalSince1970: 1_795_266_900)  // 2026-11-21T13:15:00Z

  /// What a device's view says of each card, against what its logs mean.
  static func expectViewIsMeaning(_ store: DeviceLogStore, _ context: String) throws {
    let meaning = try store.meaning()
    let cards = try store.allCards()
    #expect(cards.map(\.name) == meaning.cards.map(\.card.name), "\(context): names")
    for (card, meant) in zip(cards, meaning.cards) {
      #expect(card.balance == meant.card.balance, "\(context): \(card.name) balance")
      #expect(card.isDefault == meant.card.isDefault, "\(context): \(card.name) default")
      let history = try store.balanceUpdates(for: card, matching: HistoryQuery()).map(\.snapshot).reversed()
      let rows = history.map { Row($0) }
      let meantRows = meant.history.map { Row($0) }
      #expect(rows == meantRows, "\(context): \(card.name) history")
    }
  }

  /// What a history row says: its kind, amount, balance after and whether it is a duplicate.
  struct Row: Equatable, CustomStringConvertible {
    var type: BalanceUpdate.Kind
    var amount: Money
    var balance: Money
    var isDuplicate: Bool

    init(_ update: BalanceUpdate) {
      type = update.type
      amount = update.amount
      balance = update.balance
      isDuplicate = update.isDuplicate
    }

    var description: String {
      "\(type.rawValue) \(amount.minorUnits) -> \(balance.minorUnits)\(isDuplicate ? " dup" : "")"
    }
  }

  /// A seeded schedule over three devices: rides, reloads (a keyed one
  /// recorded apart on two devices counts once) and undos, dated within
  /// two days so that devices' updates interleave, balance settings among
  /// them, with partial carries.
  @Test(arguments: 0..<Self.schedules)
  func everyDeviceShowsWhatItsLogsMean(seed: Int) throws {
    try withTemporaryDirectory { directory in
      var random = SeededGenerator(seed: UInt64(seed) &+ 35)
      let devices = ["laptop", "phone", "tablet"].map {
        Device(id: $0, root: directory + "/" + $0, clock: .constant(Self.now))
      }
      _ = try devices[0].store.addCard(named: "metro", fare: .usd("3.00"), balance: .usd("20.00"))
      for device in devices.dropFirst() { try device.receive(from: devices[0]) }
      for step in 0..<40 {
        let device = devices.randomElement(using: &random)!
        let store = device.store
        let at = Self.now.addingTimeInterval(-Double(Int.random(in: 0..<(2 * 86_400), using: &random)))
        let choice = Int.random(in: 0..<100, using: &random)
        let change: MetroCardUpdate
        switch choice {
        case 0..<45: change = .balance(.swipe(count: 1), at: at)
        case 45..<70:
          let key: String? = Bool.random(using: &random) ? "k\(Int.random(in: 0..<3, using: &random))" : nil
          change = .balance(.reload(Money(minorUnits: Int64.random(in: 100...2000, using: &random)), key: key), at: at)
        case 70..<80: change = .balance(.undo)
        case 80..<86:
          change = .balance(.adjustment(to: Money(minorUnits: Int64.random(in: 0...4000, using: &random))), at: at)
        default:
          try device.receive(from: devices.randomElement(using: &random)!)
          try Self.expectViewIsMeaning(store, "seed \(seed), step \(step), \(device.id) after a carry")
          continue
        }
        _ = try? store.apply([change], toCardNamed: "metro")
        try Self.expectViewIsMeaning(store, "seed \(seed), step \(step), \(device.id)")
      }
      for device in devices {
        for other in devices { try device.receive(from: other) }
      }
      for device in devices {
        try Self.expectViewIsMeaning(device.store, "seed \(seed), every log, \(device.id)")
        // Without a cache: the view read from the logs alone.
        try Self.expectViewIsMeaning(device.store(cache: device.root + "/fresh-cache"), "seed \(seed), no cache")
      }
    }
  }

  /// `swift test` runs 12 schedules; `METROBUDDY_EXHAUSTIVE=1`, 200.
  static let schedules = CallSample.isExhaustive ? 200 : 12

  // MARK: - What the logs mean where the store still differs (issue 35, item 6)

  /// `balance 20`, then `reload 10` dated before it, then `undo`: the reload
  /// came before the balance was set, so taking it back changes nothing.
  @Test func anUndoBeforeABalanceSettingChangesNothing() throws {
    try withTemporaryDirectory { directory in
      let device = Device(id: "laptop", root: directory, clock: .constant(Self.now))
      let store = device.store
      _ = try store.apply(
        [.balance(.adjustment(to: .usd("20.00")), at: Self.now.addingTimeInterval(-3600))], toCardNamed: nil)
      _ = try store.apply([.balance(.reload(.usd("10.00")), at: Self.now.addingTimeInterval(-7200))], toCardNamed: nil)
      _ = try store.apply([.balance(.undo)], toCardNamed: nil)
      let meaning = try store.meaning()
      #expect(meaning.cards.map(\.card.balance) == [.usd("20.00")])
      #expect(meaning.cards[0].history.map(\.balance) == [.usd("10.00"), .usd("20.00"), .usd("20.00")])
      let shown = try store.currentCard().balance
      do {
        #expect(shown == .usd("20.00"))
      }
    }
  }

  /// `card merge` keeps both cards' money: $25.00 opening less a $2.00 ride,
  /// and $40.00 set by hand, make $63.00, whichever card is kept.
  @Test(arguments: [true, false])
  func aMergeKeepsBothCardsMoney(keepsTheSetCard: Bool) throws {
    try withTemporaryDirectory { directory in
      let device = Device(id: "laptop", root: directory, clock: .constant(Self.now))
      let store = device.store
      let work = try store.addCard(named: "work", fare: .usd("2.00"), balance: .usd("25.00"))
      let home = try store.addCard(named: "home", fare: .usd("2.00"), balance: .zero)
      _ = try store.apply([.balance(.adjustment(to: .usd("40.00")))], to: home)
      _ = try store.apply([.balance(.swipe(count: 1))], to: work)
      let (keep, other) = keepsTheSetCard ? (home, work) : (work, home)
      _ = try store.mergeCard(other, into: keep)
      let meaning = try store.meaning()
      #expect(meaning.cards.first { $0.card.name == keep.name }?.card.balance == .usd("63.00"))
      let shown = try store.card(named: keep.name).balance
      do {
        #expect(shown == .usd("63.00"))
      }
    }
  }

  /// Many undos, of the latest ride and of older updates across balance
  /// settings, give each update the balance the promise says: what the
  /// updates up to it make without those taken back so far, a setting
  /// making the balance its amount. Worked out here by summing from the
  /// start at every update (600 updates, a day apart: no cap, no transfer).
  @Test func undosAmongBalanceSettingsGiveWhatSumsFromTheStartGive() throws {
    var generator = SeededGenerator(seed: 35)
    var card = MetroCard(name: "work", isDefault: false)
    card.balance = .usd("50.00")
    var records = [LogRecord(sequence: 1, recordedAt: Self.now, changes: [.createCard(id: "work", card: card)])]
    var updates: [BalanceUpdate] = []
    var undone: Set<UUID> = []
    for number in 1...600 {
      let time = Self.now.addingTimeInterval(Double(number - 700) * 86_400)
      let open = updates.filter { $0.type != .undo && !undone.contains($0.id) }
      let roll = Int.random(in: 0..<10, using: &generator)
      var update = BalanceUpdate(
        id: SequentialIDs.id(number), type: .swipe, amount: Money(minorUnits: -300), balance: .zero, timestamp: time)
      if roll < 3, let latest = open.last {
        // Mostly the latest; sometimes any, a balance setting or one before it.
        let target = Int.random(in: 0..<3, using: &generator) == 0 ? open.randomElement(using: &generator)! : latest
        update.type = .undo
        update.amount = Money(minorUnits: -target.amount.minorUnits)
        update.undoes = target.id
        undone.insert(target.id)
      } else if roll < 4 {
        update.type = .adjustment
        update.amount = .zero
        update.assigned = Money(minorUnits: Int64.random(in: 0...9_000, using: &generator))
      } else if roll < 6 {
        update.type = .reload
        update.amount = .usd("20.00")
      }
      updates.append(update)
      records.append(
        LogRecord(sequence: number + 1, recordedAt: time, changes: [.update(cardID: "work", update)]))
    }
    var takenBack: Set<UUID> = []
    var expected: [Money] = []
    for (position, update) in updates.enumerated() {
      if let target = update.undoes { takenBack.insert(target) }
      var balance: Int64 = 5_000
      for earlier in updates[...position] where earlier.type != .undo && !takenBack.contains(earlier.id) {
        balance = earlier.assigned?.minorUnits ?? balance + earlier.amount.minorUnits
      }
      expected.append(Money(minorUnits: balance))
    }
    let meaning = LogMeaning.fold([LogMeaning.Log(device: "phone", records: records)], timeZone: .utc)
    let history = try #require(meaning.cards.first).history
    #expect(history.allSatisfy { $0.repricedFrom == nil })
    #expect(history.map(\.id) == updates.map(\.id))
    let differing = zip(history, expected).enumerated().filter { $0.element.0.balance != $0.element.1 }
    #expect(
      differing.isEmpty,
      "first at \(differing.first.map { "\($0.offset): \($0.element.0.balance) for \($0.element.1)" } ?? "")")
  }

  // MARK: - Clocks set wrong

  /// A year and an hour, in seconds.
  static let yearFast: TimeInterval = 365 * 86_400 + 3_600

  /// A balance set on a device whose clock runs a year fast does not freeze
  /// the card: three swipes that another device makes after seeing it count
  /// after it, on every device, cached or not (`balance 20` then 3 rides at
  /// $3.00: $11.00, where sorting by wall time alone kept $20.00).
  @Test func aBalanceSetWithAClockAYearFastCountsBeforeWhatFollowsIt() throws {
    try withTemporaryDirectory { directory in
      let right = Device(id: "right", root: directory + "/right", clock: .constant(Self.now))
      let fast = Device(id: "fast", root: directory + "/fast", clock: .constant(Self.now + Self.yearFast))
      _ = try right.store.apply([.balance(.reload(.usd("5.00")))], toCardNamed: nil)
      try fast.receive(from: right)
      _ = try fast.store.apply([.balance(.adjustment(to: .usd("20.00")))], toCardNamed: nil)
      try right.receive(from: fast)
      for _ in 0..<3 { _ = try right.store.apply([.balance(.swipe(count: 1))], toCardNamed: nil) }
      try fast.receive(from: right)
      for device in [right, fast] {
        let meaning = try device.store.meaning()
        #expect(meaning.cards.map(\.card.balance) == [.usd("11.00")], "\(device.id)")
        #expect(
          meaning.cards[0].history.map(\.balance) == ["5.00", "20.00", "17.00", "14.00", "11.00"].map { .usd($0) },
          "\(device.id)")
        #expect(try device.store.currentCard().balance == .usd("11.00"), "\(device.id) cached")
        #expect(try device.store(cache: directory + "/none-\(device.id)").currentCard().balance == .usd("11.00"))
        try Self.expectViewIsMeaning(device.store, device.id)
      }
    }
  }

  /// Clocks right, devices apart: a phone's rides of three days ago, which
  /// it made without seeing the laptop's `balance 20` (its own clock is
  /// simply ahead, having written more), stay before it: the balance set
  /// by hand already counts them. A rule that ordered by logical clock
  /// alone would take them off again ($11.00).
  @Test func ridesMadeWithoutSeeingABalanceSettingStayBeforeIt() throws {
    try withTemporaryDirectory { directory in
      let phone = Device(id: "phone", root: directory + "/phone", clock: .constant(Self.now - 3 * 86_400))
      let laptop = Device(id: "laptop", root: directory + "/laptop", clock: .constant(Self.now))
      _ = try phone.store.apply([.balance(.reload(.usd("30.00")))], toCardNamed: nil)
      try laptop.receive(from: phone)
      for _ in 0..<3 { _ = try phone.store.apply([.balance(.swipe(count: 1))], toCardNamed: nil) }
      _ = try laptop.store.apply([.balance(.adjustment(to: .usd("20.00")))], toCardNamed: nil)
      try laptop.receive(from: phone)
      try phone.receive(from: laptop)
      for device in [phone, laptop] {
        #expect(try device.store.meaning().cards.map(\.card.balance) == [.usd("20.00")], "\(device.id)")
        #expect(try device.store.currentCard().balance == .usd("20.00"), "\(device.id) cached")
        try Self.expectViewIsMeaning(device.store, device.id)
      }
    }
  }

  /// Rides of another device that arrive late, dated among a card's
  /// rides (before this device's cache's point, then after it), are
  /// priced as the logs mean them: on an OMNY card whose 7-day cap
  /// ($35.00: eleven rides at $3.00, the twelfth $2.00) falls among those
  /// rides, the view is what the logs mean, to the cent.
  @Test func aLateRideIsPricedAsTheLogsMean() throws {
    try withTemporaryDirectory { directory in
      let laptop = Device(id: "laptop", root: directory + "/laptop", clock: .constant(Self.now))
      let phone = Device(id: "phone", root: directory + "/phone", clock: .constant(Self.now))
      func hoursAgo(_ hours: Double) -> Date { Self.now.addingTimeInterval(-hours * 3_600) }
      func ride(on device: Device, hoursAgo hours: Double) throws {
        _ = try device.store.apply([.balance(.swipe(count: 1), at: hoursAgo(hours))], toCardNamed: nil)
      }
      _ = try laptop.store.apply([.balance(.reload(.usd("100.00")), at: hoursAgo(160))], toCardNamed: nil)
      // 36 rides four hours apart, all in one 7-day cap period.
      for hours in stride(from: 150.0, through: 10, by: -4) { try ride(on: laptop, hoursAgo: hours) }
      // Two of the phone's, before the laptop's second: before the
      // laptop's checkpoint, so the laptop's read takes its standing from
      // what the logs mean, and keeps a checkpoint after the 6th ride.
      try phone.receive(from: laptop)
      try ride(on: phone, hoursAgo: 149)
      try ride(on: phone, hoursAgo: 147)
      try laptop.receive(from: phone)
      try Self.expectViewIsMeaning(laptop.store, "the phone's early rides arrived")
      #expect(try laptop.store.currentCard().balance == .usd("65.00"))
      // A ride between the 8th and the 9th: after the checkpoint, before
      // the cap's twelfth ride, which moves.
      try phone.receive(from: laptop)
      try ride(on: phone, hoursAgo: 128)
      try laptop.receive(from: phone)
      try Self.expectViewIsMeaning(laptop.store, "a late ride after the checkpoint")
      #expect(try laptop.store.meaning().cards.map(\.card.balance) == [.usd("65.00")])
      #expect(try laptop.store.currentCard().balance == .usd("65.00"))
    }
  }
}
