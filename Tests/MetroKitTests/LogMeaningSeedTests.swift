import Foundation
import MetroTesting
import Synchronization
import Testing

@testable import MetroKit

/// Issue 35, item 2: what the records after a point mean, folded after a
/// seed of those before it (``LogMeaning/Seed``), is what every record
/// means, folded from nothing; where it cannot be (a copy, an undo or a key
/// from before the point, a clock set wrong, a merge that moves what was
/// placed), the fold says so instead of answering. Logs written by real
/// stores on three devices that carry each other's logs now and then,
/// split at every half day of a fortnight, and again three days later.
@Suite("What the logs mean, after a seed")
struct LogMeaningSeedTests {
  typealias Device = LogMeaningTests.Device
  static let now = LogMeaningTests.now

  /// `swift test` runs 3 schedules (about 5 s each, built for debugging);
  /// `METROBUDDY_EXHAUSTIVE=1`, 120.
  static let schedules = CallSample.isExhaustive ? 120 : 3

  @Test func aSeedAndWhatFollowsMeanWhatEveryRecordMeans() throws {
    var folded = 0
    var refused = 0
    var movedOn = 0
    for seed in 0..<Self.schedules {
      let logs = try Self.schedule(seed: seed).logs
      let whole = LogMeaning.fold(logs, timeZone: .utc)
      for halfDay in 0..<32 {
        let target = Self.now.addingTimeInterval(Double(halfDay - 29) * 43_200)
        let (earlier, later) = LogMeaning.split(logs, before: target)
        let start = try #require(LogMeaning.fold(earlier, from: nil, timeZone: .utc))
        guard let after = LogMeaning.fold(later, from: start.seed, timeZone: .utc) else {
          refused += 1
          continue
        }
        folded += 1
        Self.expectSame(after.state, whole, "seed \(seed), split at half day \(halfDay)")
        // The seed moved on three days: what it says with the rest is the same.
        let (middle, last) = LogMeaning.split(later, before: target.addingTimeInterval(3 * 86_400))
        guard let moved = LogMeaning.fold(middle, from: start.seed, timeZone: .utc),
          let rest = LogMeaning.fold(last, from: moved.seed, timeZone: .utc)
        else { continue }
        movedOn += 1
        Self.expectSame(rest.state, whole, "seed \(seed), split at half day \(halfDay) and three days on")
      }
    }
    // Most splits fold after the seed: a test of nothing but refusals would
    // pass. (The refusals: an undo of an update before the point, records
    // of a device whose clock is a year fast.)
    #expect(folded > refused, "\(folded) folded after a seed, \(refused) refused")
    #expect(movedOn > folded / 2, "\(movedOn) of \(folded) folded again from a seed moved on")
  }

  /// As a device's cache would: a seed of what the laptop had read at one
  /// step, split three days before then, with what it read after the
  /// point, and what it reads at the next step (late rides, undos, keys
  /// again, merges, fares written, devices behind) folded after it, is
  /// what the logs it then has mean.
  @Test func whatArrivesAfterASeedMeansWhatEveryRecordMeans() throws {
    var folded = 0
    var refused = 0
    var arrived = 0
    for seed in 0..<Self.schedules {
      let reads = try Self.schedule(seed: seed).reads
      for ((time, read), (_, next)) in zip(reads, reads.dropFirst()) {
        let (earlier, later) = LogMeaning.split(read, before: time.addingTimeInterval(-3 * 86_400))
        let start = try #require(LogMeaning.fold(earlier, from: nil, timeZone: .utc))
        let tail = next.compactMap { log -> LogMeaning.Log? in
          let before = Set(read.first { $0.device == log.device }?.records.map(\.sequence) ?? [])
          let kept = later.first { $0.device == log.device }?.records ?? []
          let new = log.records.filter { !before.contains($0.sequence) }
          arrived += new.count
          let records = kept + new
          return records.isEmpty ? nil : LogMeaning.Log(device: log.device, records: records)
        }
        guard let after = LogMeaning.fold(tail, from: start.seed, timeZone: .utc) else {
          refused += 1
          continue
        }
        folded += 1
        Self.expectSame(after.state, LogMeaning.fold(next, timeZone: .utc), "seed \(seed), read at \(time)")
      }
    }
    #expect(folded > 3 * refused, "\(folded) folded after a seed, \(refused) refused")
    #expect(arrived > 0)
  }

  /// What needs the records before the point is refused, each case alone
  /// after a seed of one device's log (a card with $20.00, a reload of
  /// $10.00 keyed `rent` and a $3.00 ride a week ago, clocks 1 to 3); and
  /// what does not is folded after it, to the cent.
  @Test(arguments: Tail.allCases)
  func aTailIsFoldedAfterTheSeedOrRefused(tail: Tail) throws {
    let week = Self.now.addingTimeInterval(-7 * 86_400)
    var card = MetroCard(name: "metro", isDefault: false)
    card.balance = .usd("20.00")
    let reload = BalanceUpdate(
      id: SequentialIDs.id(1), type: .reload, amount: .usd("10.00"), balance: .zero, timestamp: week, key: "rent")
    let ride = BalanceUpdate(
      id: SequentialIDs.id(2), type: .swipe, amount: Money(minorUnits: -300), balance: .zero, timestamp: week + 60,
      fare: .usd("3.00"), mode: .subway, reason: .paid)
    let before = LogMeaning.Log(
      device: "laptop",
      records: [
        LogRecord(
          sequence: 1, recordedAt: week - 60,
          changes: [.createCard(id: "metro", card: card), .createCard(id: "work", card: card)], clock: 1),
        LogRecord(sequence: 2, recordedAt: week, changes: [.update(cardID: "metro", reload)], clock: 2),
        LogRecord(sequence: 3, recordedAt: week + 60, changes: [.update(cardID: "metro", ride)], clock: 3),
      ])
    let seed = try #require(LogMeaning.fold([before], from: nil, timeZone: .utc)).seed
    var change = BalanceUpdate(
      id: SequentialIDs.id(3), type: .swipe, amount: Money(minorUnits: -300), balance: .zero, timestamp: Self.now,
      fare: .usd("3.00"), mode: .subway, reason: .paid)
    var clock = 4
    var changes: [LogChange] = []
    switch tail {
    case .aRide: break
    case .aRideBeforeThePoint: change.timestamp = week
    case .theKeyAgain:
      change = BalanceUpdate(
        id: SequentialIDs.id(3), type: .reload, amount: .usd("10.00"), balance: .zero, timestamp: Self.now, key: "rent")
    case .aCopy: change = ride
    case .anUndo:
      change = BalanceUpdate(
        id: SequentialIDs.id(3), type: .undo, amount: .usd("3.00"), balance: .zero, timestamp: Self.now,
        undoes: ride.id)
    case .aClockBehind: clock = 3
    case .faresWritten:
      card.fareByHand = HandFare(amount: .usd("2.90"), since: nil)
      changes = [.setCard(id: "metro", attribute: .fares, card: card)]
    case .aMerge: changes = [.mergeCard(other: "work", into: "metro")]
    case .aRideInThePointsSecond, .aRideInThePointsSecondBeforeIt: change.timestamp = ride.timestamp
    }
    let after = LogMeaning.Log(
      device: tail.device,
      records: [
        LogRecord(
          sequence: 1, recordedAt: Self.now, changes: changes + [.update(cardID: "metro", change)], clock: clock)
      ])
    let whole = LogMeaning.fold([before, after], timeZone: .utc)
    let folded = LogMeaning.fold([after], from: seed, timeZone: .utc)
    #expect(whole.cards.first { $0.id == "metro" }?.card.balance == tail.balance)
    if tail.follows {
      let state = try #require(folded).state
      Self.expectSame(state, whole, "\(tail)")
    } else {
      #expect(folded == nil)
    }
  }

  /// A second that holds more updates than ``LogMeaning/Seed/atPointLimit``
  /// (the undo of a whole import: every undo is dated now) keeps none of
  /// their ids, so that the cache's hot part stays small; then an update
  /// dated in that second folds every record, and a copy of one of them is
  /// never counted twice. At the limit the ids are kept, and a new ride in
  /// that second folds after the seed.
  @Test(arguments: [LogMeaning.Seed.atPointLimit, LogMeaning.Seed.atPointLimit + 1])
  func aCrowdedSecondKeepsNoIDs(rides: Int) throws {
    let second = Self.now.addingTimeInterval(-86_400)
    var card = MetroCard(name: "metro", isDefault: false)
    card.balance = .usd("500.00")
    func ride(_ number: Int) -> BalanceUpdate {
      BalanceUpdate(
        id: SequentialIDs.id(number), type: .swipe, amount: Money(minorUnits: -100), balance: .zero,
        timestamp: second, fare: .usd("1.00"), mode: .subway, reason: .paid)
    }
    let before = LogMeaning.Log(
      device: "laptop",
      records: [
        LogRecord(sequence: 1, recordedAt: second, changes: [.createCard(id: "metro", card: card)], clock: 1),
        LogRecord(
          sequence: 2, recordedAt: second, changes: (1...rides).map { .update(cardID: "metro", ride($0)) }, clock: 2),
      ])
    let seed = try #require(LogMeaning.fold([before], from: nil, timeZone: .utc)).seed
    #expect((seed.atPoint == nil) == (rides > LogMeaning.Seed.atPointLimit))
    #expect(try StoreCache.seed(StoreCache.encode(seed)) == seed)
    for (change, follows) in [(ride(1), false), (ride(rides + 1), rides <= LogMeaning.Seed.atPointLimit)] {
      let after = LogMeaning.Log(
        device: "phone",
        records: [LogRecord(sequence: 1, recordedAt: Self.now, changes: [.update(cardID: "metro", change)], clock: 3)])
      let whole = LogMeaning.fold([before, after], timeZone: .utc)
      let folded = LogMeaning.fold([after], from: seed, timeZone: .utc)
      #expect((folded != nil) == follows, "ride \(change.id)")
      if let folded { Self.expectSame(folded.state, whole, "\(rides) rides") }
    }
  }

  /// A removed card's update in the seed does not hold its point back: a
  /// reload dated an hour before a balance setting the seed folded, from
  /// another device, is before the point ($50.00, the setting's; not
  /// $60.00, the reload added after it).
  @Test func aRemovedCardsUpdateLeavesThePointWhereItIs() throws {
    let start = Self.now.addingTimeInterval(-20 * 86_400)
    func day(_ days: Double) -> Date { start.addingTimeInterval(days * 86_400) }
    var metro = MetroCard(name: "metro", isDefault: false)
    metro.balance = .usd("20.00")
    var work = MetroCard(name: "work", isDefault: false)
    work.balance = .usd("5.00")
    let reload = BalanceUpdate(
      id: SequentialIDs.id(1), type: .reload, amount: .usd("1.00"), balance: .zero, timestamp: day(1))
    let setting = BalanceUpdate(
      id: SequentialIDs.id(2), type: .adjustment, amount: .usd("30.00"), balance: .zero, timestamp: day(10),
      assigned: .usd("50.00"))
    let late = BalanceUpdate(
      id: SequentialIDs.id(3), type: .reload, amount: .usd("10.00"), balance: .zero, timestamp: day(10) - 3_600)
    let laptop = LogMeaning.Log(
      device: "laptop",
      records: [
        LogRecord(
          sequence: 1, recordedAt: day(0),
          changes: [.createCard(id: "metro", card: metro), .createCard(id: "work", card: work)], clock: 1),
        LogRecord(sequence: 2, recordedAt: day(1), changes: [.update(cardID: "work", reload)], clock: 2),
        LogRecord(
          sequence: 3, recordedAt: day(2), changes: [.setCard(id: "work", attribute: .removed, card: work)], clock: 3),
        LogRecord(sequence: 4, recordedAt: day(10), changes: [.update(cardID: "metro", setting)], clock: 4),
      ])
    let phone = LogMeaning.Log(
      device: "phone",
      records: [
        LogRecord(sequence: 1, recordedAt: day(10) + 3_600, changes: [.update(cardID: "metro", late)], clock: 5)
      ])
    let seed = try #require(LogMeaning.fold([laptop], from: nil, timeZone: .utc)).seed
    let whole = LogMeaning.fold([laptop, phone], timeZone: .utc)
    #expect(whole.cards.first?.card.balance == .usd("50.00"))
    #expect(LogMeaning.fold([phone], from: seed, timeZone: .utc) == nil)
  }

  /// An import of a year of rides up to yesterday, one record, goes to
  /// the seed whole when the point is put a week back: the tail is the
  /// ride after it, not the year it reaches back to (decision 84), and the
  /// two mean what every record means ($200.00 less 54 rides of $3.00).
  @Test func anImportReachingPastThePointGoesToTheSeedWhole() throws {
    func daysAgo(_ days: Double) -> Date { Self.now.addingTimeInterval(-days * 86_400) }
    var metro = MetroCard(name: "metro", isDefault: false)
    metro.balance = .usd("200.00")
    // A ride a week for a year, and one yesterday.
    let rows = (0..<53).map { week -> LogChange in
      .update(
        cardID: "metro",
        BalanceUpdate(
          id: SequentialIDs.id(week + 1), type: .swipe, amount: Money(minorUnits: -300), balance: .zero,
          timestamp: daysAgo(week == 52 ? 1 : Double(365 - 7 * week))))
    }
    let ride = BalanceUpdate(
      id: SequentialIDs.id(100), type: .swipe, amount: Money(minorUnits: -300), balance: .zero,
      timestamp: daysAgo(0.5))
    let logs = [
      LogMeaning.Log(
        device: "laptop",
        records: [
          LogRecord(sequence: 1, recordedAt: daysAgo(2), changes: [.createCard(id: "metro", card: metro)], clock: 1),
          LogRecord(sequence: 2, recordedAt: daysAgo(1), changes: rows, clock: 2),
          LogRecord(sequence: 3, recordedAt: daysAgo(0.5), changes: [.update(cardID: "metro", ride)], clock: 3),
        ])
    ]
    let (earlier, later) = LogMeaning.split(logs, before: daysAgo(7))
    #expect(later.flatMap(\.records).map(\.sequence) == [3])
    let start = try #require(LogMeaning.fold(earlier, from: nil, timeZone: .utc))
    let after = try #require(LogMeaning.fold(later, from: start.seed, timeZone: .utc))
    let whole = LogMeaning.fold(logs, timeZone: .utc)
    #expect(whole.cards.first?.card.balance == .usd("38.00"))
    Self.expectSame(after.state, whole, "an import up to yesterday")
  }

  /// An undo today of rides of a month ago (an undo of a whole import)
  /// needs them: the split puts it in the seed with them, not in a tail
  /// that no seed before it can fold, and a fold of it alone after a seed
  /// of them is refused. Its rides taken back, the card has its $30.00.
  @Test func anUndoOfUpdatesBeforeThePointGoesToTheSeed() throws {
    func daysAgo(_ days: Double) -> Date { Self.now.addingTimeInterval(-days * 86_400) }
    var metro = MetroCard(name: "metro", isDefault: false)
    metro.balance = .usd("30.00")
    let rides = (0..<10).map { day in
      BalanceUpdate(
        id: SequentialIDs.id(day + 1), type: .swipe, amount: Money(minorUnits: -300), balance: .zero,
        timestamp: daysAgo(Double(30 - day)))
    }
    let undos = rides.reversed().enumerated().map { index, ride -> LogChange in
      .update(
        cardID: "metro",
        BalanceUpdate(
          id: SequentialIDs.id(100 + index), type: .undo, amount: .usd("3.00"), balance: .zero,
          timestamp: daysAgo(0.5), undoes: ride.id))
    }
    let imported = [
      LogRecord(sequence: 1, recordedAt: daysAgo(31), changes: [.createCard(id: "metro", card: metro)], clock: 1),
      LogRecord(sequence: 2, recordedAt: daysAgo(1), changes: rides.map { .update(cardID: "metro", $0) }, clock: 2),
    ]
    let undo = LogRecord(sequence: 3, recordedAt: daysAgo(0.5), changes: undos, clock: 3)
    let logs = [LogMeaning.Log(device: "laptop", records: imported + [undo])]
    let whole = LogMeaning.fold(logs, timeZone: .utc)
    #expect(whole.cards.first?.card.balance == .usd("30.00"))
    let (earlier, later) = LogMeaning.split(logs, before: daysAgo(7))
    #expect(earlier.flatMap(\.records).map(\.sequence) == [1, 2, 3])
    #expect(later.isEmpty)
    let start = try #require(LogMeaning.fold(earlier, from: nil, timeZone: .utc))
    let after = try #require(LogMeaning.fold(later, from: start.seed, timeZone: .utc))
    Self.expectSame(after.state, whole, "an undo of an import")
    let importOnly = [LogMeaning.Log(device: "laptop", records: imported)]
    let seed = try #require(LogMeaning.fold(importOnly, from: nil, timeZone: .utc)).seed
    #expect(LogMeaning.fold([LogMeaning.Log(device: "laptop", records: [undo])], from: seed, timeZone: .utc) == nil)
  }

  /// A card never created whose updates the seed holds, merged afterwards
  /// into a live card, brings them ($30.00): the fold after the seed,
  /// which never placed them, is refused.
  @Test func aMergeOfACardTheSeedNeverPlacedIsRefused() throws {
    let start = Self.now.addingTimeInterval(-20 * 86_400)
    var metro = MetroCard(name: "metro", isDefault: false)
    metro.balance = .usd("20.00")
    let reload = BalanceUpdate(
      id: SequentialIDs.id(1), type: .reload, amount: .usd("10.00"), balance: .zero, timestamp: start + 86_400)
    let before = LogMeaning.Log(
      device: "laptop",
      records: [
        LogRecord(sequence: 1, recordedAt: start, changes: [.createCard(id: "metro", card: metro)], clock: 1),
        LogRecord(sequence: 2, recordedAt: start + 86_400, changes: [.update(cardID: "x", reload)], clock: 2),
      ])
    let merge = LogMeaning.Log(
      device: "laptop",
      records: [
        LogRecord(
          sequence: 3, recordedAt: start + 3 * 86_400, changes: [.mergeCard(other: "x", into: "metro")], clock: 3)
      ])
    let seed = try #require(LogMeaning.fold([before], from: nil, timeZone: .utc)).seed
    let whole = LogMeaning.fold(
      [LogMeaning.Log(device: "laptop", records: before.records + merge.records)], timeZone: .utc)
    #expect(whole.cards.first?.card.balance == .usd("30.00"))
    #expect(LogMeaning.fold([merge], from: seed, timeZone: .utc) == nil)
  }

  /// What arrives after the seed in ``aTailIsFoldedAfterTheSeedOrRefused(tail:)``,
  /// on another device.
  enum Tail: CaseIterable, Sendable {
    /// A ride: folded after the seed.
    case aRide
    /// A ride dated before the seed's point.
    case aRideBeforeThePoint
    /// A reload keyed `rent` again: a duplicate.
    case theKeyAgain
    /// The ride again, with its id and time, from a device whose id sorts
    /// after the seed's (an import on two devices): after the point.
    case aCopy
    /// An undo of the ride.
    case anUndo
    /// A ride made by a device whose clock is behind the seed's.
    case aClockBehind
    /// A ride with the card's fares written.
    case faresWritten
    /// A ride with the second card merged into the first.
    case aMerge
    /// A new ride in the very second of the seed's last ride, from a device
    /// that sorts after it (a script's second command in a second): folded
    /// after the seed.
    case aRideInThePointsSecond
    /// The same from a device that sorts before the seed's: before the point.
    case aRideInThePointsSecondBeforeIt

    /// The device that writes the tail.
    var device: String { self == .aRideInThePointsSecondBeforeIt ? "desk" : "phone" }

    /// Whether the tail is folded after the seed.
    var follows: Bool { self == .aRide || self == .aRideInThePointsSecond }

    /// The card's balance, as every record means it.
    var balance: Money {
      switch self {
      case .aRide, .aRideBeforeThePoint, .aClockBehind, .faresWritten, .aRideInThePointsSecond,
        .aRideInThePointsSecondBeforeIt:
        .usd("24.00")
      case .theKeyAgain, .aCopy: .usd("27.00")
      case .anUndo: .usd("30.00")
      case .aMerge: .usd("44.00")
      }
    }
  }

  /// Whether the tablet's clock is a year fast in schedule `seed`.
  static func hasFastClock(_ seed: Int) -> Bool { seed % 4 == 3 }

  static func expectSame(_ after: LogMeaning.State, _ whole: LogMeaning.State, _ context: String) {
    #expect(after.cards.map(\.id) == whole.cards.map(\.id), "\(context): cards")
    for (seeded, plain) in zip(after.cards, whole.cards) {
      #expect(seeded.card == plain.card, "\(context): \(plain.card.name)")
      #expect(seeded.assignment == plain.assignment, "\(context): \(plain.card.name) assignment")
      #expect(seeded.recentLoads == plain.recentLoads, "\(context): \(plain.card.name) recent reloads")
      #expect(
        seeded.givenName == plain.givenName && seeded.isCreated == plain.isCreated && seeded.opening == plain.opening,
        "\(context): \(plain.card.name) name, creation and opening")
    }
    #expect(after.defaultCardID == whole.defaultCardID, "\(context): default card")
    #expect(after.deviceNames == whole.deviceNames, "\(context): device names")
    #expect(after.maxClock == whole.maxClock, "\(context): clock")
  }

  /// A seeded schedule over a fortnight: rides, reloads (some keyed),
  /// undos, balance settings, an import of the same rows on two devices, a
  /// second card merged into the first, a fare changed, and on some
  /// schedules a device whose clock is a year fast; the devices in step
  /// more often than not, now and then apart. `logs`: every device's
  /// log at the end; `reads`: after each step, the logs as the laptop had
  /// them then.
  static func schedule(seed: Int) throws -> (logs: [LogMeaning.Log], reads: [(time: Date, logs: [LogMeaning.Log])]) {
    if let made = made.withLock({ $0[seed] }) { return made }
    let schedule = try makeSchedule(seed: seed)
    made.withLock { $0[seed] = schedule }
    return schedule
  }

  /// The schedules made so far, by seed: each test of this suite and of
  /// `StoreCacheTests` reads the same ones, made once (each takes seconds).
  private static let made = Mutex<[Int: (logs: [LogMeaning.Log], reads: [(time: Date, logs: [LogMeaning.Log])])]>([:])

  private static func makeSchedule(
    seed: Int
  ) throws -> (logs: [LogMeaning.Log], reads: [(time: Date, logs: [LogMeaning.Log])]) {
    try withTemporaryDirectory { directory in
      var random = SeededGenerator(seed: UInt64(seed) &+ 202)
      let fast = Self.hasFastClock(seed)
      // Each device at a moment: the tablet's clock a year fast on some schedules.
      func device(_ id: String, at time: Date) -> Device {
        let ahead = fast && id == "tablet" ? 365.0 * 86_400 : 0
        return Device(id: id, root: directory + "/" + id, clock: .constant(time.addingTimeInterval(ahead)))
      }
      let start = Self.now.addingTimeInterval(-14 * 86_400)
      let devices = ["laptop", "phone", "tablet"].map { device($0, at: start) }
      _ = try devices[0].store.addCard(named: "metro", fare: .usd("2.90"), balance: .usd("20.00"))
      _ = try devices[0].store.addCard(named: "work", fare: .usd("2.90"), balance: .usd("5.00"))
      for device in devices.dropFirst() { try device.receive(from: devices[0]) }
      var merged = false
      var reads: [(time: Date, logs: [LogMeaning.Log])] = []
      for step in 0..<70 {
        // Forward through the fortnight, five commands a day; now and then
        // one dated up to a day back.
        let time = start.addingTimeInterval(Double(step) * 17_280 + Double(Int.random(in: 0..<3_600, using: &random)))
        let device = device(devices.randomElement(using: &random)!.id, at: time)
        let store = device.store
        // Mostly in step, as a synchroniser keeps them: the device has what
        // the others wrote before it acts, and they have what it wrote after.
        let online = Int.random(in: 0..<10, using: &random) < 6
        if online {
          for other in devices where other.id != device.id { try device.receive(from: other) }
        }
        defer {
          if online {
            for other in devices where other.id != device.id { try? other.receive(from: device) }
          }
        }
        let at: Date? =
          Int.random(in: 0..<6, using: &random) == 0
          ? time.addingTimeInterval(-Double(Int.random(in: 0..<86_400, using: &random))) : nil
        let card = merged || Bool.random(using: &random) ? "metro" : "work"
        let choice = Int.random(in: 0..<100, using: &random)
        switch choice {
        case 0..<42: _ = try? store.apply([.balance(.swipe(count: 1), at: at)], toCardNamed: card)
        case 42..<62:
          let key: String? = Int.random(in: 0..<3, using: &random) == 0 ? "k\(step / 10)" : nil
          let amount = Money(minorUnits: Int64.random(in: 100...2000, using: &random))
          _ = try? store.apply([.balance(.reload(amount, key: key), at: at)], toCardNamed: card)
        case 62..<66: _ = try? store.apply([.balance(.undo)], toCardNamed: card)
        case 70..<76:
          let amount = Money(minorUnits: Int64.random(in: 0...4000, using: &random))
          _ = try? store.apply([.balance(.adjustment(to: amount), at: at)], toCardNamed: card)
        case 76..<80:
          // The same rows imported on two devices count once.
          let rows = (0..<2).map { row in
            ImportedUpdate(
              id: UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", step * 10 + row))!,
              type: .reload, amount: .usd("1.00"), timestamp: (at ?? time).addingTimeInterval(Double(row)),
              line: row + 2)
          }
          let other = devices.randomElement(using: &random)!
          for target in [store, other.store] {
            if let reference = try? target.card(named: card) { _ = try? target.importUpdates(rows, to: reference) }
          }
        case 80..<82:
          let fare = Money.usd(Bool.random(using: &random) ? "3.00" : "2.90")
          _ = try? store.apply([.fare(fare)], toCardNamed: "metro")
        case 82..<84 where !merged && step > 30:
          if let work = try? store.card(named: "work"), let metro = try? store.card(named: "metro") {
            merged = (try? store.mergeCard(work, into: metro)) != nil
          }
        default:
          try device.receive(from: devices.randomElement(using: &random)!)
        }
        reads.append((time, try devices[0].store.logs()))
      }
      for device in devices {
        for other in devices { try device.receive(from: other) }
      }
      return (try devices[0].store.logs(), reads)
    }
  }
}
