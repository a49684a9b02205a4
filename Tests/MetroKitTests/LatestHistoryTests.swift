import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// `history --limit N` answers from the latest updates the fold keeps
/// (``FoldCard/latest``) without reading a log; whatever order the logs
/// arrived in, it lists exactly what reading every log lists: the same
/// updates, the same balance after each, the same duplicates marked.
@Suite("History from the fold's latest updates")
struct LatestHistoryTests {
  static let devices = ["laptop", "desktop", "server"]

  /// Three devices, each with its own copy of the store, record rides (some
  /// backdated by up to two weeks), reloads (some with a key another device
  /// also uses), adjustments with notes and undos, and copy each other's
  /// logs at random moments, as a synchroniser would.
  struct Bench {
    let root: String
    var generator: SeededGenerator
    var now = storeNow
    var steps = 0

    func store(_ device: String) -> DeviceLogStore {
      DeviceLogStore(
        directory: root + "/" + device + "/metrobuddy",
        identity: DeviceIdentity(override: device, file: root + "/" + device + "/id", defaultName: device),
        cacheDirectory: root + "/cache", clock: .constant(now), timeZone: .utc)
    }

    /// One device's step: a write, or a copy of another device's log.
    mutating func step() throws {
      steps += 1
      now += Double(Int.random(in: 60...20_000, using: &generator))
      let device = LatestHistoryTests.devices.randomElement(using: &generator)!
      let store = store(device)
      let back = -Double(Int.random(in: 0...(14 * 86_400), using: &generator))
      let update: MetroCardUpdate
      switch Int.random(in: 0..<12, using: &generator) {
      case 0...4: update = .balance(.swipe(count: Int.random(in: 1...2, using: &generator)))
      case 5: update = .balance(.swipe(count: 1), at: now + back)
      case 6: update = .balance(.reload(.usd("20.00"), key: "month-\(Int.random(in: 0..<6, using: &generator))"))
      case 7: update = .balance(.reload(.usd("5.00")), at: now + back)
      case 8: update = .balance(.adjustment(to: .usd("\(Int.random(in: 10...60, using: &generator)).00"), note: "seen"))
      case 9: update = .balance(.undo)
      default:
        let from = LatestHistoryTests.devices.randomElement(using: &generator)!
        try copyLog(of: from, to: device)
        return
      }
      let refused: MetroError?
      do {
        _ = try store.apply([update], toCardNamed: nil)
        refused = nil
      } catch {
        refused = error
      }
      switch refused {
      case .insufficientFare?:
        // The OMNY card's reload limits may refuse this too: the card then stays as it is.
        do {
          _ = try store.apply([.balance(.reload(.usd("40.00")))], toCardNamed: nil)
        } catch {
          guard case .reloadLimit = error else { throw error }
        }
      case nil, .nothingToUndo?, .balanceOutOfRange?, .reloadLimit?: break
      case let error?: throw error
      }
    }

    /// What a synchroniser does: `from`'s log, as it is now, lands in `to`'s copy.
    func copyLog(of from: String, to device: String) throws {
      guard from != device else { return }
      let source = root + "/" + from + "/metrobuddy/devices/" + from
      let target = root + "/" + device + "/metrobuddy/devices/" + from
      guard FileManager.default.fileExists(atPath: source + "/log.jsonl") else { return }
      try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
      let bytes = try Data(contentsOf: URL(fileURLWithPath: source + "/log.jsonl"))
      try bytes.write(to: URL(fileURLWithPath: target + "/log.jsonl"), options: .atomic)
    }
  }

  static let queries: [HistoryQuery] = [
    HistoryQuery(limit: 1), HistoryQuery(limit: 10), HistoryQuery(limit: FoldCard.latestKept - 1),
    HistoryQuery(limit: FoldCard.latestKept), HistoryQuery(limit: FoldCard.latestKept + 1), HistoryQuery(limit: 200),
    HistoryQuery(), HistoryQuery(limit: 3, types: [.reload]), HistoryQuery(limit: 5, types: [.adjustment, .undo]),
    HistoryQuery(limit: 4, since: CalendarDate(year: 2026, month: 11, day: 25)),
  ]

  /// Every device's `history` for each query against the card's whole
  /// history read from every log, newest first.
  func expectAgreement(_ bench: Bench, seed: UInt64) throws {
    for device in Self.devices {
      let store = bench.store(device)
      let whole = Array(try store.cardHistory(named: nil).updates.reversed())
      for query in Self.queries {
        var expected = whole.filter { query.matches($0, in: .utc) }
        if let limit = query.limit { expected = Array(expected.prefix(limit)) }
        let listed = try store.history(of: MetroCard.defaultName, query)
        #expect(
          listed == expected,
          "seed \(seed), \(device) after \(bench.steps) steps, limit \(String(describing: query.limit)), types \(query.types.map(\.rawValue).sorted())"
        )
      }
    }
  }

  @Test("any arrival order: the latest updates list what every log says", arguments: 0..<4)
  func agreesWithEveryLog(seed: UInt64) throws {
    try withFastTemporaryDirectory { root in
      var bench = Bench(root: root, generator: SeededGenerator(seed: seed))
      _ = try bench.store("laptop").apply([.balance(.reload(.usd("100.00")))], toCardNamed: nil)
      for round in 0..<4 {
        for _ in 0..<30 { try bench.step() }
        if round % 2 == 1 { try expectAgreement(bench, seed: seed) }
      }
      // Everyone has everything: every device lists the same.
      for from in Self.devices { for to in Self.devices { try bench.copyLog(of: from, to: to) } }
      try expectAgreement(bench, seed: seed)
      let lists = try Self.devices.map {
        try bench.store($0).history(of: MetroCard.defaultName, HistoryQuery(limit: 10))
      }
      #expect(lists.allSatisfy { $0 == lists[0] }, "seed \(seed)")
    }
  }

  @Test("the fold keeps a card's latest updates whatever order they arrive in")
  func keepsTheLatestInAnyOrder() {
    var generator = SeededGenerator(seed: 7)
    let updates = (0..<(FoldCard.latestKept * 3)).map { minute in
      BalanceUpdate(
        id: SequentialIDs.id(minute + 1), type: .reload, amount: .usd("1.00"), balance: .zero,
        timestamp: storeNow + Double(minute) * 60)
    }
    for _ in 0..<20 {
      var fold = StoreFold()
      for (index, update) in updates.enumerated().shuffled(using: &generator) {
        let record = LogRecord(
          sequence: index + 1, recordedAt: storeNow, changes: [.update(cardID: "c", update)])
        fold.apply(record, device: "d", timeZone: .utc)
      }
      let kept = fold.cards[0].latest.map(\.update.id)
      #expect(kept == updates.suffix(FoldCard.latestKept).map(\.id))
    }
  }

  @Test("the latest updates survive the fold cache")
  func theCacheKeepsThem() throws {
    var fold = StoreFold()
    let update = BalanceUpdate(
      id: SequentialIDs.id(1), type: .swipe, amount: -Money.usd("3.00"), balance: .zero, timestamp: storeNow,
      fare: .usd("3.00"), mode: .bus, reason: .paid, note: nil)
    fold.apply(
      LogRecord(sequence: 1, recordedAt: storeNow, changes: [.update(cardID: "c", update)]), device: "d",
      timeZone: .utc)
    let cache = FoldCache(fileSystem: LiveFileSystem(), folder: "/nonexistent", store: "/s")
    let bytes = cache.encoded(fold)
    var decoded = try cache.decodeFile(bytes)
    #expect(decoded.cards[0].latest.isEmpty)
    let decodedLoaded = decoded.loadLatest() && decoded.loadFares()
    #expect(decodedLoaded)
    #expect(decoded.cards[0].latest == fold.cards[0].latest)
    #expect(decoded == fold)
    // Saved again without being decoded, they are written back as they were.
    #expect(cache.encoded(try cache.decodeFile(bytes)) == bytes)
  }
}
