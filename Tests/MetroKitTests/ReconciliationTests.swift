import Testing

@testable import MetroKit

/// The arithmetic of setting a balance to what a reader shows: the
/// difference, and about how many rides at the full fare it is.
@Suite("Reconciliation")
struct ReconciliationTests {
  struct Row: Sendable, CustomTestStringConvertible {
    var recorded: String
    var actual: String
    var fare: String?
    var difference: String
    var rides: Int?
    var exact: Bool
    var testDescription: String { "\(recorded) → \(actual) at \(fare ?? "no fare")" }
  }

  @Test(arguments: [
    // The reader shows one fare less: one ride not recorded, exactly.
    Row(recorded: "15.40", actual: "12.40", fare: "3.00", difference: "-3.00", rides: 1, exact: true),
    // One fare more: one ride recorded that was not taken, or a reload.
    Row(recorded: "12.40", actual: "15.40", fare: "3.00", difference: "3.00", rides: 1, exact: true),
    Row(recorded: "20.00", actual: "11.00", fare: "3.00", difference: "-9.00", rides: 3, exact: true),
    // Not a whole number of rides: rounded to the nearest, a half up.
    Row(recorded: "20.00", actual: "15.60", fare: "3.00", difference: "-4.40", rides: 1, exact: false),
    Row(recorded: "20.00", actual: "15.50", fare: "3.00", difference: "-4.50", rides: 2, exact: false),
    Row(recorded: "20.00", actual: "15.49", fare: "3.00", difference: "-4.51", rides: 2, exact: false),
    Row(recorded: "10.00", actual: "11.50", fare: "3.00", difference: "1.50", rides: 1, exact: false),
    // Less than half a fare rounds to no ride at all.
    Row(recorded: "10.00", actual: "11.49", fare: "3.00", difference: "1.49", rides: 0, exact: false),
    Row(recorded: "10.00", actual: "9.99", fare: "3.00", difference: "-0.01", rides: 0, exact: false),
    // A reduced fare counts in its own rides.
    Row(recorded: "10.00", actual: "5.50", fare: "1.50", difference: "-4.50", rides: 3, exact: true),
    // No fare (or a fare of zero): only the amount.
    Row(recorded: "10.00", actual: "7.00", fare: nil, difference: "-3.00", rides: nil, exact: false),
    Row(recorded: "10.00", actual: "7.00", fare: "0", difference: "-3.00", rides: nil, exact: false),
  ])
  func estimatesRides(row: Row) throws {
    let reconciliation = try #require(
      Reconciliation(recorded: .usd(row.recorded), actual: .usd(row.actual), fare: row.fare.map { .usd($0) }))
    #expect(reconciliation.difference.plainString() == row.difference)
    #expect(reconciliation.rides == row.rides)
    #expect(reconciliation.isExact == row.exact)
    #expect(reconciliation.isShortfall == row.difference.hasPrefix("-"))
    #expect(reconciliation.amount == Money(minorUnits: Int64(reconciliation.difference.minorUnits.magnitude)))
    #expect(reconciliation.fare == (row.rides == nil ? nil : row.fare.map { .usd($0) }))
  }

  @Test func theLargestDifferenceStaysExact() throws {
    let reconciliation = try #require(
      Reconciliation(recorded: .maximumBalance, actual: .zero, fare: Money(minorUnits: 1)))
    #expect(reconciliation.rides == Int(Money.maximumBalance.minorUnits))
    #expect(reconciliation.isExact)
    let odd = try #require(Reconciliation(recorded: .zero, actual: .maximumBalance, fare: Money(minorUnits: 7)))
    #expect(odd.rides == 142_857_142_857)
    #expect(!odd.isExact)
  }

  @Test func theSameBalanceNeedsNoReconciling() {
    #expect(Reconciliation(recorded: .usd("12.40"), actual: .usd("12.40"), fare: .usd("3.00")) == nil)
    #expect(Reconciliation(recorded: .zero, actual: .zero, fare: nil) == nil)
  }
}

/// What a note kept with an update may hold.
@Suite("Notes")
struct NoteProblemTests {
  @Test(
    arguments: [
      ("reader at 14 St", nil),
      ("a", nil),
      (String(repeating: "x", count: 200), nil),
      // Emoji sequences keep their joiners.
      ("checked 👨‍👩‍👧 é ü", nil),
      (" spaced ", nil),
      ("", NoteProblem.empty),
      (String(repeating: "x", count: 201), .tooLong(count: 201)),
      (String(repeating: "é", count: 250), .tooLong(count: 250)),
      ("two\nlines", .controlCharacter),
      ("a\tb", .controlCharacter),
      ("\u{1B}[31mred", .controlCharacter),
      ("nul\u{0}", .controlCharacter),
      ("\u{7F}", .controlCharacter),
      ("line\u{2028}separator", .controlCharacter),
      ("para\u{2029}graph", .controlCharacter),
      ("right-to-left \u{202E}override", .controlCharacter),
      ("bom \u{FEFF}", .controlCharacter),
      // A control character in a long note is named first.
      (String(repeating: "x", count: 300) + "\n", .controlCharacter),
    ] as [(String, NoteProblem?)])
  func checksNotes(note: String, problem: NoteProblem?) {
    #expect(BalanceUpdate.noteProblem(note) == problem)
  }
}
