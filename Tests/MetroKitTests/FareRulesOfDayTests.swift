import Foundation
import MetroTesting
import Testing

@testable import MetroKit

/// The rules a fold keeps for a day are the rules of the ride's time,
/// whatever order the times come in: the reference is `MetroCard.rules(at:in:)`
/// asked afresh each time.
@Suite("A card's rules kept for their day")
struct FareRulesOfDayTests {
  /// Zones whose days are not all 24 hours, one of them changing its clocks at midnight.
  static let zones: [LocalTimeZone] = [
    .utc, .posix(PosixTimeZone("EST5EDT,M3.2.0,M11.1.0")!), .posix(PosixTimeZone("GMT0BST,M3.5.0/1,M10.5.0")!),
    .posix(PosixTimeZone("<-03>3<-02>,M10.1.0/0,M2.3.0/0")!), .fixed(secondsEastOfUTC: 5 * 3600 + 1800),
    // Clocks go forward at the midnight that New York's fares change, and back.
    .posix(PosixTimeZone("<-03>3<-02>,J4/0,J40/0")!), .posix(PosixTimeZone("<-03>3<-02>,J300/0,J4/0")!),
  ]

  /// Cards whose rules change with the day (dated fares, London's caps),
  /// within a second (a fare set by hand at a fraction of one), or read the machine's zone.
  static let cards: [MetroCard] = [
    MetroCard(name: "omny"),
    MetroCard(name: "reduced", isReduced: true),
    MetroCard(name: "metrocard", kind: .metrocard, fareByHand: HandFare(amount: .usd("3.10"), since: nil)),
    MetroCard(
      name: "hand", fareByHand: HandFare(amount: .usd("3.25"), since: instant("2026-01-04T14:00:00Z") + 0.25)),
    MetroCard(
      name: "hand whole", fareByHand: HandFare(amount: .usd("3.25"), since: instant("2026-01-04T05:00:00Z"))),
    MetroCard(name: "custom", kind: .custom, fareByHand: HandFare(amount: .usd("2.00"), since: nil)),
    MetroCard(name: "oyster", kind: .londonPayg),
  ]

  @Test("every answer is the card's rules at that time, for times in order, times a few weeks back, and a changed card")
  func theKeptRulesAreTheRulesOfTheTime() {
    var random = SeededGenerator(seed: 20_261_126)
    let start = instant("2025-12-20T00:00:00Z").timeIntervalSince1970
    var checked = 0
    var mismatches: [String] = []
    for zone in Self.zones {
      for card in Self.cards {
        var rulesOfDay = FareRulesOfDay()
        var time = start
        var asked: [Double] = []
        for step in 0..<1_500 {
          // Rides hours apart, some a fraction of a second apart, with the
          // ride a walk settles weeks behind asked in between.
          time += [0.25, 1, 59, 3_600, 7 * 3_600, 20 * 3_600].randomElement(using: &random)!
          asked.append(time)
          var times = [time]
          if step % 3 == 0, asked.count > 40 { times.append(asked[asked.count - 40]) }
          for moment in times {
            let date = Date(timeIntervalSince1970: moment)
            let kept = rulesOfDay.rules(of: card, at: date, in: zone)
            if kept != card.rules(at: date, in: zone) { mismatches.append("\(card.name) \(zone) \(date)") }
            checked += 1
          }
        }
        // The card changes: the rules kept for the old card are not given for it.
        var changed = card
        changed.kind = card.kind == .custom ? .omnyCard : .custom
        changed.fareByHand = HandFare(amount: .usd("9.00"), since: nil)
        let date = Date(timeIntervalSince1970: time)
        if rulesOfDay.rules(of: changed, at: date, in: zone) != changed.rules(at: date, in: zone) {
          mismatches.append("changed \(card.name) \(zone)")
        }
        // So does the machine's zone, which a card without its own reads.
        if rulesOfDay.rules(of: card, at: date, in: .fixed(secondsEastOfUTC: -11 * 3600))
          != card.rules(at: date, in: .fixed(secondsEastOfUTC: -11 * 3600))
        {
          mismatches.append("machine \(card.name) \(zone)")
        }
      }
    }
    // Every quarter hour of the days around the fare change, after a
    // question on the day after it, in order and backwards; and around the
    // fraction of a second a fare set by hand starts.
    for zone in Self.zones {
      for card in Self.cards {
        let around = (0...(3 * 96)).map { instant("2026-01-02T00:00:00Z").timeIntervalSince1970 + Double($0) * 900 }
        let since = card.fareByHand?.since?.timeIntervalSince1970
        let fraction = since.map { at in [-1, -0.2, 0, 0.2, 1].map { at + $0 } } ?? []
        for times in [around, around.reversed(), fraction, fraction.reversed()] {
          var rulesOfDay = FareRulesOfDay()
          for moment in [instant("2026-01-05T15:00:00Z").timeIntervalSince1970] + times {
            let date = Date(timeIntervalSince1970: moment)
            if rulesOfDay.rules(of: card, at: date, in: zone) != card.rules(at: date, in: zone) {
              mismatches.append("around \(card.name) \(zone) \(date)")
            }
            checked += 1
          }
        }
      }
    }
    #expect(checked > 50_000)
    #expect(mismatches.isEmpty, "\(mismatches.count) of \(checked): \(mismatches.prefix(5))")
  }

  @Test("a span of seconds kept is within one local day of the card's zone, and on one side of a hand fare's start")
  func aSpanIsOneDay() {
    var random = SeededGenerator(seed: 26_112_026)
    var mismatches: [String] = []
    let custom = MetroCard(name: "custom", kind: .custom)
    for zone in Self.zones {
      for card in Self.cards + [custom] {
        let rulesZone = card.rulesZone(zone)
        var second = Int64(instant("2025-09-01T00:00:00Z").timeIntervalSince1970)
        for _ in 0..<3_000 {
          second += Int64.random(in: 1...(6 * 3_600), using: &random)
          let span = FareRulesOfDay.span(of: second, card: card, machine: zone)
          guard !span.isEmpty else { continue }
          let day = { (at: Int64) in rulesZone.calendarDate(of: Date(timeIntervalSince1970: Double(at))) }
          let hand = { (at: Int64) in card.fareByHand?.since.map { $0.timeIntervalSince1970 <= Double(at) } }
          if !span.contains(second) || day(span.lowerBound) != day(second) || day(span.upperBound - 1) != day(second)
            || rulesZone.secondsEastOfUTC(at: span.lowerBound) != rulesZone.secondsEastOfUTC(at: span.upperBound - 1)
            || hand(span.lowerBound) != hand(second) || hand(span.upperBound - 1) != hand(second)
          {
            mismatches.append("\(card.name) \(zone) \(second) \(span)")
          }
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(5))")
  }
}
