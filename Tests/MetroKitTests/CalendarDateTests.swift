import Foundation
import Testing

@testable import MetroKit

@Suite("CalendarDate")
struct CalendarDateTests {
  @Test(
    "A day on the calendar in YYYY-MM-DD is accepted",
    arguments: [
      ("2030-03-20", 2030, 3, 20), ("2024-02-29", 2024, 2, 29), ("2000-02-29", 2000, 2, 29),
      ("1970-01-01", 1970, 1, 1), ("0001-01-01", 1, 1, 1), ("9999-12-31", 9999, 12, 31),
      ("2026-04-30", 2026, 4, 30), ("2026-12-31", 2026, 12, 31),
    ] as [(String, Int, Int, Int)])
  func acceptsRealDays(text: String, year: Int, month: Int, day: Int) throws {
    let date = try #require(CalendarDate(iso: text))
    #expect(date.year == year)
    #expect(date.month == month)
    #expect(date.day == day)
    #expect(date.description == text)
    #expect(CalendarDate(year: year, month: month, day: day) == date)
  }

  @Test(
    "A day that does not exist, or any other form, is refused",
    arguments: [
      "2030-02-30", "2023-02-29", "1900-02-29", "2100-02-29", "2026-04-31", "2026-06-31",
      "2026-09-31",
      "2026-11-31", "2026-13-01", "2026-00-10", "2026-01-00", "2026-01-32", "0000-01-01",
      "2026-1-01",
      "2026-01-1", "26-01-01", "2026/01/01", "2026-01-01T00:00", " 2026-01-01", "2026-01-01 ", "",
      "+026-01-01",
      "2026--1-01", "２０２６-01-01", "2026-0a-01", "20260101", "2026-01/01", "2026/01-01",
      "2026-01x01",
    ])
  func refusesOthers(text: String) {
    #expect(CalendarDate(iso: text) == nil)
  }

  @Test(
    "Components are checked too",
    arguments: [
      (0, 1, 1), (10000, 1, 1), (2026, 0, 1), (2026, 13, 1), (2026, 2, 0), (2026, 2, 29),
      (2024, 2, 30),
    ])
  func refusesBadComponents(year: Int, month: Int, day: Int) {
    #expect(CalendarDate(year: year, month: month, day: day) == nil)
  }

  @Test("Known days sit at known distances from 1970-01-01")
  func knownDaysSinceEpoch() {
    #expect(CalendarDate.day("1970-01-01").daysSinceEpoch == 0)
    #expect(CalendarDate.day("1970-01-02").daysSinceEpoch == 1)
    #expect(CalendarDate.day("1969-12-31").daysSinceEpoch == -1)
    #expect(CalendarDate.day("2000-03-01").daysSinceEpoch == 11_017)
    #expect(CalendarDate.day("2026-11-21").daysSinceEpoch == 20_778)
    #expect(CalendarDate.day("0001-01-01").daysSinceEpoch == -719_162)
    #expect(CalendarDate.day("9999-12-31").daysSinceEpoch == 2_932_896)
    #expect(CalendarDate(daysSinceEpoch: 20_778) == .day("2026-11-21"))
  }

  @Test("Every day from 0001-01-01 to 9999-12-31 round-trips, one after another")
  func roundTripsOverTheWholeRange() {
    var previous = CalendarDate(daysSinceEpoch: -719_163)
    #expect(previous.year == 0 && previous.month == 12 && previous.day == 31)
    var failures = 0
    for days in -719_162...2_932_896 {
      let date = CalendarDate(daysSinceEpoch: days)
      let isNextDay =
        (date.year == previous.year && date.month == previous.month && date.day == previous.day + 1)
        || (date.day == 1
          && ((date.year == previous.year && date.month == previous.month + 1)
            || (date.year == previous.year + 1 && date.month == 1 && previous.month == 12))
          && previous.day == CalendarDate.daysInMonth(year: previous.year, month: previous.month))
      let checksText = days % 97 == 0 || date.day == 29
      if date.daysSinceEpoch != days || !isNextDay
        || (checksText && CalendarDate(iso: date.description) != date)
      {
        failures += 1
        if failures < 5 { Issue.record("day \(days) became \(date), after \(previous)") }
      }
      previous = date
    }
    #expect(failures == 0)
    #expect(previous == .day("9999-12-31"))
  }

  @Test("Dates order by year, then month, then day")
  func ordering() {
    #expect(CalendarDate.day("2026-01-31") < .day("2026-02-01"))
    #expect(CalendarDate.day("2025-12-31") < .day("2026-01-01"))
    #expect(!(CalendarDate.day("2026-02-01") < .day("2026-02-01")))
    #expect(CalendarDate.day("2026-02-01") > .day("2026-01-09"))
  }

  @Test("The distance between days counts forwards and backwards")
  func daysUntil() {
    #expect(CalendarDate.day("2024-02-28").days(until: .day("2024-03-01")) == 2)
    #expect(CalendarDate.day("2023-02-28").days(until: .day("2023-03-01")) == 1)
    #expect(CalendarDate.day("2026-11-21").days(until: .day("2025-11-21")) == -365)
  }

  @Test("Codable uses the YYYY-MM-DD text and refuses days that do not exist")
  func codable() throws {
    let data = try JSONEncoder().encode([CalendarDate.day("2030-03-20")])
    #expect(String(decoding: data, as: UTF8.self) == #"["2030-03-20"]"#)
    #expect(try JSONDecoder().decode([CalendarDate].self, from: data) == [.day("2030-03-20")])
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([CalendarDate].self, from: Data(#"["2030-02-30"]"#.utf8))
    }
  }
}
