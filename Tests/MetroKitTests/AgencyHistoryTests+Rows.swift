import Foundation
import Testing

@testable import MetroKit

/// Ids, order, the shape of the file, and what each field may say.
extension AgencyHistoryTests {
  // MARK: - Ids

  @Test func idsAreTheSameOnEveryReadAndDistinctWithinAFile() throws {
    for (name, format) in [("tfl-week.csv", AgencyFormat.tfl), ("omny-week.csv", .omny)] {
      let bytes = try Self.fixture(name)
      let first = try AgencyFormat.trips(bytes, format: format, timeZone: .utc, source: name)
      let second = try AgencyFormat.trips(bytes, format: format, timeZone: .utc, source: name)
      #expect(first.map(\.id) == second.map(\.id))
      #expect(Set(first.map(\.id)).count == first.count)
      for id in first.map(\.id) {
        let octets = id.uuid
        #expect(octets.6 >> 4 == 8, "version 8: \(id)")
        #expect(octets.8 >> 6 == 0b10, "RFC variant: \(id)")
      }
    }
  }

  @Test func identicalRowsGetDistinctIdsInTheSameOrderEachTime() throws {
    let text = """
      Trip Time,Mode,Product Type,Fare Amount ($)
      11/03/2026 08:14 AM,Subway,PAYGO,$3.00
      11/03/2026 08:14 AM,Subway,PAYGO,$3.00
      11/03/2026 08:14 AM,Subway,PAYGO,$3.00

      """
    let first = try Self.trips(text, .omny)
    #expect(Set(first.map(\.id)).count == 3)
    #expect(try Self.trips(text, .omny).map(\.id) == first.map(\.id))
    #expect(first.map(\.line) == [4, 3, 2])
  }

  /// A changed row changes its own id only; a later export, with newer rows
  /// on top, keeps the ids of the rows it shares with an earlier one.
  @Test func onlyAChangedRowChangesItsID() throws {
    let original = String(decoding: try Self.fixture("tfl-week.csv"), as: UTF8.self)
    let changed = original.replacing(
      "04-Nov-2026,14:20,,\"Bus journey, route 390\",1.75", with: "04-Nov-2026,14:20,,\"Bus journey, route 391\",1.75")
    #expect(changed != original)
    let before = try Self.trips(original, .tfl).map(\.id)
    let after = try Self.trips(changed, .tfl).map(\.id)
    #expect(before.count == after.count)
    #expect(zip(before, after).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset) == [8])

    var lines = original.split(separator: "\n", omittingEmptySubsequences: false)
    lines.insert("09-Nov-2026,08:14,08:37,Brixton to Oxford Circus,2.90,,14.40,", at: 1)
    let later = try Self.trips(lines.joined(separator: "\n"), .tfl).map(\.id)
    #expect(Array(later.dropLast()) == before)
  }

  // MARK: - Order and the shape of the file

  @Test func rowsAtTheSameTimeKeepTheReverseOfTheFilesOrder() throws {
    let text = """
      Date,Start Time,End Time,Journey/Action,Charge,Credit,Balance,Note
      03-Nov-2026,08:14,,"Bus journey, route 73",1.75,,5.00,
      03-Nov-2026,08:14,,Topped up,,5.00,6.75,
      03-Nov-2026,09:00,,Brixton to Stockwell,1.90,,3.10,
      03-Nov-2026,08:10,,Brixton to Stockwell,0.00,,1.75,

      """
    #expect(try Self.trips(text, .tfl).map(\.line) == [5, 3, 2, 4])
  }

  @Test func columnsMayComeInAnyOrderWithOthersBetween() throws {
    let shuffled = """
      note,BALANCE, Charge ,Extra,Journey/Action,Credit,Start Time,End Time,Date
      ,7.10,2.90,x,Brixton to Oxford Circus,,08:14,08:36,02-Nov-2026

      """
    let plain = """
      Date,Start Time,Journey/Action,Charge
      02-Nov-2026,08:14,Brixton to Oxford Circus,2.90

      """
    let trips = try Self.trips(shuffled, .tfl)
    #expect(
      Self.withoutIDs(trips) == [
        Self.row("2026-11-02T08:14:00Z", Self.ride(290, .subway), balance: 710, line: 2, "Brixton to Oxford Circus")
      ])
    #expect(try Self.trips(plain, .tfl).map(\.id) == trips.map(\.id))
  }

  @Test func aByteOrderMarkAndCRLFChangeNothing() throws {
    for (name, format) in [("tfl-week.csv", AgencyFormat.tfl), ("omny-week.csv", .omny)] {
      let bytes = try Self.fixture(name)
      var windows: [UInt8] = [0xEF, 0xBB, 0xBF]
      for byte in bytes {
        if byte == UInt8(ascii: "\n") { windows.append(UInt8(ascii: "\r")) }
        windows.append(byte)
      }
      #expect(windows.count == bytes.count + 3 + bytes.filter { $0 == UInt8(ascii: "\n") }.count)
      #expect(
        try AgencyFormat.trips(windows, format: format, timeZone: .utc, source: name)
          == AgencyFormat.trips(bytes, format: format, timeZone: .utc, source: name))
    }
  }

  // MARK: - What the fields say

  @Test func theModeAndTheReasonComeFromTheWordsOfTheRow() throws {
    let tfl = try Self.trips(
      """
      Date,Start Time,Journey/Action,Charge,Note
      03-Nov-2026,08:00,Bushey to Euston,3.10,
      03-Nov-2026,07:00,Entered Brixton,8.90,
      03-Nov-2026,06:00,"Bus journey, route 73",0.00,Capped.

      """, .tfl)
    #expect(tfl.map(\.action) == [Self.ride(0, .bus, .capped), Self.ride(890, nil), Self.ride(310, .subway)])
    let omny = try Self.trips(
      """
      Trip Time,Mode,Product Type,Fare Amount ($)
      11/03/2026 08:05 AM,LIRR,Unknown Product,$3.00
      11/03/2026 08:04 AM,Local Bus,Free Transfer,$0.00
      11/03/2026 08:03 AM,Express Bus,PAYGO,$7.25
      11/03/2026 08:02 AM,subway,free trip-weekly fare cap,0.00
      11/03/2026 08:01 AM,Subway,Free Trip – Weekly Fare Cap,$0.00

      """, .omny)
    #expect(
      omny.map(\.action) == [
        Self.ride(0, .subway, .capped), Self.ride(0, .subway, .capped), Self.ride(725, .express),
        Self.ride(0, .bus, .transfer), Self.ride(300, nil),
      ])
  }

  @Test(arguments: [
    "11/03/2026 08:14 PM", "11/3/2026 8:14 PM", "11/03/2026 08:14:00 pm", "11/03/2026 20:14", "11/03/2026 20:14:00",
    "2026-11-03 20:14", "2026-11-03T20:14:00", "2026-11-04T01:14:00Z", "2026-11-03T21:14-04:00",
  ])
  func everyTripTimeFormReadsAsTheSameInstant(_ text: String) throws {
    let trips = try Self.trips("Trip Time,Mode,Product Type,Fare Amount ($)\n\(text),Subway,PAYGO,$3.00\n", .omny)
    #expect(trips.map(\.time) == [Self.instant("2026-11-04T01:14:00Z")])
  }

  @Test func midnightAndNoonInTheTwelveHourForm() throws {
    let trips = try Self.trips(
      "Trip Time,Mode,Product Type,Fare Amount ($)\n11/03/2026 12:00 PM,Bus,PAYGO,$3.00\n"
        + "11/03/2026 12:05 AM,Bus,PAYGO,$3.00\n", .omny)
    #expect(trips.map(\.time) == [Self.instant("2026-11-03T05:05:00Z"), Self.instant("2026-11-03T17:00:00Z")])
  }
}
