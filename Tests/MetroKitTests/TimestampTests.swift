import Foundation
import MetroTesting
import Testing

@testable import MetroKit

@Suite("Timestamp")
struct TimestampTests {
  static let newYork = LocalTimeZone.fixed(secondsEastOfUTC: -5 * 3600)
  static let kolkata = LocalTimeZone.fixed(secondsEastOfUTC: 5 * 3600 + 1800)

  // MARK: - The --at grammar

  @Test(
    "Each --at form gives the instant it names",
    arguments: [
      ("2026-11-21", LocalTimeZone.utc, "2026-11-21T00:00:00Z"),
      ("2026-11-21", newYork, "2026-11-21T05:00:00Z"),
      ("2026-11-21", kolkata, "2026-11-20T18:30:00Z"),
      ("2026-11-21T13:15", .utc, "2026-11-21T13:15:00Z"),
      ("2026-11-21T13:15", newYork, "2026-11-21T18:15:00Z"),
      ("2026-11-21T13:15:07", .utc, "2026-11-21T13:15:07Z"),
      ("2026-11-21T23:59:59", newYork, "2026-11-22T04:59:59Z"),
      ("2026-11-21T00:00:00", kolkata, "2026-11-20T18:30:00Z"),
      ("2026-11-21T13:15Z", newYork, "2026-11-21T13:15:00Z"),
      ("2026-11-21T13:15:07Z", kolkata, "2026-11-21T13:15:07Z"),
      ("2026-11-21T13:15+05:30", .utc, "2026-11-21T07:45:00Z"),
      ("2026-11-21T13:15:00-05:00", .utc, "2026-11-21T18:15:00Z"),
      ("2026-11-21T01:00:00+02:00", newYork, "2026-11-20T23:00:00Z"),
      ("2026-11-21T13:15-00:00", kolkata, "2026-11-21T13:15:00Z"),
      ("2024-02-29T12:00Z", .utc, "2024-02-29T12:00:00Z"),
      ("1969-12-31T23:59:59Z", .utc, "1969-12-31T23:59:59Z"),
    ] as [(String, LocalTimeZone, String)])
  func parsesAtForms(text: String, zone: LocalTimeZone, expected: String) throws {
    let date = try #require(Timestamp.parse(text, in: zone))
    #expect(Timestamp.iso8601(date) == expected)
  }

  @Test(
    "Anything else after --at is refused",
    arguments: [
      "", "2026-11-31", "2023-02-29T10:00", "2026-11-21T", "2026-11-21T13", "2026-11-21T13:1",
      "2026-11-21T24:00", "2026-11-21T13:60", "2026-11-21T13:15:60", "2026-11-21T13:15:0",
      "2026-11-21T13:15:", "2026-11-21T1a:15", "2026-11-21X13:15", "2026-11-21T13:15z",
      "2026-11-21T13:15ZZ",
      "2026-11-21T13:15:00.5Z", "2026-11-21T13:15+0530", "2026-11-21T13:15+05",
      "2026-11-21T13:15+24:00",
      "2026-11-21T13:15+05:60", "2026-11-21T13:15 +05:30", "2026-11-21T13:15+05:3a",
      "2026-11-21T13:15UTC",
      "21/11/2026", "now", "2026-11-21T13:15:+5:30", " 2026-11-21", "2026-11-21T13:15:07 ",
    ])
  func refusesOthers(text: String) {
    #expect(Timestamp.parse(text, in: .utc) == nil)
  }

  // MARK: - The stored form

  @Test(
    "Instants print in UTC to the second",
    arguments: [
      (0, "1970-01-01T00:00:00Z"), (1_795_266_900, "2026-11-21T13:15:00Z"),
      (-1, "1969-12-31T23:59:59Z"),
      (951_782_400, "2000-02-29T00:00:00Z"), (86_399.9, "1970-01-01T23:59:59Z"),
      (-0.5, "1969-12-31T23:59:59Z"),
      (253_402_300_799, "9999-12-31T23:59:59Z"), (-62_167_219_200, "0000-01-01T00:00:00Z"),
      (253_402_300_800, "10000-01-01T00:00:00Z"), (1_000_000_000, "2001-09-09T01:46:40Z"),
    ] as [(Double, String)])
  func formats(seconds: Double, text: String) {
    #expect(Timestamp.iso8601(Date(timeIntervalSince1970: seconds)) == text)
  }

  @Test(
    "The stored form reads back what was written",
    arguments: [0, 1, -1, 1_795_266_900, 951_868_799, -86_401])
  func roundTrips(seconds: Int) throws {
    let date = Date(timeIntervalSince1970: Double(seconds))
    #expect(try #require(Timestamp.parseISO8601UTC(Timestamp.iso8601(date))) == date)
  }

  @Test(
    "Only the exact stored form is read as stored",
    arguments: [
      "2026-11-21T13:15Z", "2026-11-21T13:15:00", "2026-11-21T13:15:00+00:00",
      "2026-11-21 13:15:00Z",
      "2026-11-21T13:15:00z", "2026-02-30T13:15:00Z", "2026-11-21T13:15:00Z ", "2026-11-21",
    ])
  func storedFormIsExact(text: String) {
    #expect(Timestamp.parseISO8601UTC(text) == nil)
  }

  // MARK: - Local days

  @Test("An instant falls on the local day of its time zone")
  func localDay() {
    let lateEvening = instant("2026-11-22T03:00:00Z")
    #expect(LocalTimeZone.utc.calendarDate(of: lateEvening) == .day("2026-11-22"))
    #expect(Self.newYork.calendarDate(of: lateEvening) == .day("2026-11-21"))
    #expect(Self.kolkata.calendarDate(of: instant("2026-11-21T18:29:59Z")) == .day("2026-11-21"))
    #expect(Self.kolkata.calendarDate(of: instant("2026-11-21T18:30:00Z")) == .day("2026-11-22"))
    #expect(
      LocalTimeZone.utc.calendarDate(of: Date(timeIntervalSince1970: -0.5)) == .day("1969-12-31"))
  }

  @Test("Fixed offsets are constant and turn wall-clock times into instants")
  func fixedOffsets() {
    #expect(Self.newYork.secondsEastOfUTC(at: 0) == -18_000)
    #expect(LocalTimeZone.utc.secondsEastOfUTC(at: 1_795_266_900) == 0)
    #expect(
      Self.newYork.instant(of: .day("2026-11-21"), secondsIntoDay: 3600) == 1_795_219_200 + 3600
        + 18_000)
  }
}

@Suite("Timestamp range")
struct TimestampRangeTests {
  @Test(
    "Instants the store cannot read back are refused by parse; the edges are kept",
    arguments: [
      ("9999-12-31T23:59:59-01:00", LocalTimeZone.utc, nil),
      ("9999-12-31T23:59:59Z", .utc, "9999-12-31T23:59:59Z"),
      ("9999-12-31T23:59:59", .fixed(secondsEastOfUTC: -3600), nil),
      ("0001-01-01", .fixed(secondsEastOfUTC: 5 * 3600 + 53 * 60), nil),
      ("0001-01-01T00:00:00Z", .utc, "0001-01-01T00:00:00Z"),
      ("0001-01-01T00:00:00-05:00", .utc, "0001-01-01T05:00:00Z"),
    ] as [(String, LocalTimeZone, String?)])
  func range(text: String, zone: LocalTimeZone, expected: String?) {
    #expect(Timestamp.parse(text, in: zone).map(Timestamp.iso8601) == expected)
  }

  @Test("The clock's time is checked where the rules take it; a given time is checked too")
  func clockAndGivenTimes() {
    var card = MetroCard(
      name: "default", balance: .usd("10.00"), fareByHand: HandFare(amount: .usd("3.00"), since: nil))
    let late = Date(timeIntervalSince1970: Timestamp.latest.timeIntervalSince1970 + 1)
    #expect(throws: MetroError.clockOutOfRange(late)) {
      try CardRules.apply(
        [.balance(.reload(.usd("1.00")))], to: &card, history: InMemoryHistory(), now: late, timeZone: .utc,
        makeID: { UUID() })
    }
    let now = Date(timeIntervalSince1970: 1_795_266_900)
    let tooLate = Date(timeIntervalSince1970: 1_795_266_900 + 86_401)
    #expect(throws: MetroError.timeInFuture(tooLate, now: now)) {
      try CardRules.apply(
        [.balance(.swipe(count: 1), at: tooLate)], to: &card, history: InMemoryHistory(), now: now, timeZone: .utc,
        makeID: { UUID() })
    }
    #expect(card.balance == .usd("10.00"))
  }
}
