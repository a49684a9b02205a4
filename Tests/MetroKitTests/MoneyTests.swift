import Foundation
import MetroTesting
import Testing

@testable import MetroKit

@Suite("Money")
struct MoneyTests {
  // MARK: - Parsing what people type

  @Test(
    "An amount in plain digits with an optional point is accepted",
    arguments: [
      ("20", 2000), ("20.5", 2050), ("20.50", 2050), ("0.01", 1), ("0", 0), ("2.75", 275),
      ("100000", 10_000_000), ("100000.00", 10_000_000), ("007", 700),
      ("00000000000000000000000000020", 2000), ("0000000000000000000000000.50", 50),
    ] as [(String, Int64)])
  func acceptsPlainAmounts(text: String, cents: Int64) throws {
    #expect(try Money.parse(text) == Money(minorUnits: cents))
  }

  @Test(
    "Anything else is refused, saying why",
    arguments: [
      ("20abc", .notANumber), ("2,75", .notANumber), ("$20", .notANumber), ("-5", .negative),
      ("+5", .notANumber), ("1e3", .notANumber), ("NaN", .notANumber), ("inf", .notANumber),
      ("20.505", .tooManyFractionDigits(allowed: 2)), ("", .empty), (" 20", .notANumber),
      ("20 ", .notANumber), ("0x10", .notANumber), (".5", .notANumber), ("20.", .notANumber),
      ("20..5", .notANumber), ("2.7.5", .notANumber), ("２０", .notANumber), ("٢٠", .notANumber),
      ("20\n", .notANumber), ("99999999999", .tooLarge(maximum: "100000.00")),
      ("100000.01", .tooLarge(maximum: "100000.00")),
      ("12345678901234567890123", .tooLarge(maximum: "100000.00")),
    ] as [(String, AmountError.Reason)])
  func refusesEverythingElse(text: String, reason: AmountError.Reason) {
    #expect(throws: AmountError(text: text, reason: reason)) { try Money.parse(text) }
  }

  @Test("The fraction digits follow the currency")
  func fractionDigitsFollowTheCurrency() throws {
    let yen = try #require(Currency(code: "JPY"))
    #expect(try Money.parse("500", currency: yen) == Money(minorUnits: 500))
    #expect(throws: AmountError.self) { try Money.parse("500.5", currency: yen) }
    #expect(try Money.parse("100000", currency: yen) == Money(minorUnits: 100_000))
    #expect(throws: AmountError(text: "100001", reason: .tooLarge(maximum: "100000"))) {
      try Money.parse("100001", currency: yen)
    }
  }

  // MARK: - The stored form

  @Test(
    "The canonical form is read back exactly",
    arguments: [
      ("25.00", 2500), ("-2.75", -275), ("0.00", 0), ("0.05", 5),
      ("10000000000.00", 1_000_000_000_000),
      ("-10000000000.00", -1_000_000_000_000),
    ] as [(String, Int64)])
  func parsesCanonical(text: String, cents: Int64) {
    #expect(Money.parseCanonical(text) == Money(minorUnits: cents))
  }

  @Test(
    "Anything but the canonical form is not read",
    arguments: [
      "25", "25.0", "2.750", "--2.75", "+2.75", "-", "", ".75", "2,75", " 2.75", "10000000000.01",
      "1e2.00",
    ])
  func refusesNonCanonical(text: String) {
    #expect(Money.parseCanonical(text) == nil)
  }

  @Test(
    "The plain form has exactly the currency's fraction digits",
    arguments: [
      (2500, "25.00"), (-275, "-2.75"), (0, "0.00"), (5, "0.05"), (-5, "-0.05"), (10, "0.10"),
      (123_456_789, "1234567.89"),
    ] as [(Int64, String)])
  func plainString(cents: Int64, text: String) {
    #expect(Money(minorUnits: cents).plainString() == text)
    #expect(Money.parseCanonical(text) == Money(minorUnits: cents))
  }

  @Test("A currency without fraction digits prints none")
  func plainStringWithoutFraction() throws {
    let yen = try #require(Currency(code: "JPY"))
    #expect(Money(minorUnits: 1234).plainString(in: yen) == "1234")
    #expect(Money(minorUnits: -7).plainString(in: yen) == "-7")
  }

  @Test(
    "The human form has a symbol, a sign and thousands grouping",
    arguments: [
      (2500, "USD", "$25.00"), (-275, "USD", "-$2.75"), (0, "USD", "$0.00"),
      (99_900, "USD", "$999.00"),
      (100_000, "USD", "$1,000.00"), (125_000, "USD", "$1,250.00"),
      (-123_456_789, "USD", "-$1,234,567.89"),
      (10_000_000, "USD", "$100,000.00"), (-5, "EUR", "-€0.05"), (2500, "CHF", "25.00 CHF"),
      (1_234_567, "JPY", "¥1,234,567"), (1000, "KRW", "1,000 KRW"), (-100_000, "GBP", "-£1,000.00"),
    ] as [(Int64, String, String)])
  func formatted(cents: Int64, code: String, text: String) throws {
    let currency = try #require(Currency(code: code))
    #expect(Money(minorUnits: cents).formatted(in: currency) == text)
  }

  @Test(
    "Digits group by thousands with the marks a language uses, to the ends of Int64",
    arguments: [
      (Int64.max, "USD", ",", ".", "92,233,720,368,547,758.07"),
      (Int64.min, "USD", ",", ".", "92,233,720,368,547,758.08"),
      (125_000, "USD", ".", ",", "1.250,00"), (-1_234, "JPY", ".", ",", "1.234"), (999, "USD", ".", ",", "9,99"),
      (100_000, "USD", nil, ".", "1000.00"),
    ] as [(Int64, String, Character?, Character, String)])
  func digits(cents: Int64, code: String, grouping: Character?, mark: Character, text: String) throws {
    let currency = try #require(Currency(code: code))
    let digits = Money(minorUnits: cents).digits(
      in: currency, grouping: grouping?.asciiValue, decimalMark: try #require(mark.asciiValue), signed: false)
    #expect(digits == text)
  }

  @Test("The plain and human forms reach the ends of Int64")
  func extremes() {
    #expect(Money(minorUnits: .min).plainString() == "-92233720368547758.08")
    #expect(Money(minorUnits: .max).plainString() == "92233720368547758.07")
    #expect(Money(minorUnits: .min).formatted() == "-$92,233,720,368,547,758.08")
  }

  // MARK: - Arithmetic

  @Test("Sums and products that would overflow are refused, not wrapped")
  func overflowIsReported() {
    #expect(Money(minorUnits: .max).adding(Money(minorUnits: 1)) == nil)
    #expect(Money(minorUnits: 275).adding(Money(minorUnits: -300)) == Money(minorUnits: -25))
    #expect(Money(minorUnits: .max / 2 + 1).multiplied(by: 2) == nil)
    #expect(Money(minorUnits: 300).multiplied(by: 1000) == Money(minorUnits: 300_000))
  }

  @Test("A thousand swipes at 0.10 from 100.00 leave exactly 0.00")
  func thousandSwipesAreExact() throws {
    // A MetroCard has no cap: every one of the thousand rides pays 0.10.
    var card = MetroCard(
      name: "default", balance: .usd("100.00"), kind: .metrocard, fareByHand: HandFare(amount: .usd("0.10"), since: nil)
    )
    var history = InMemoryHistory()
    let now = instant("2026-11-21T13:15:00Z")
    for _ in 0..<1000 {
      let (recorded, _) = try CardRules.apply(
        [.balance(.swipe(count: 1))], to: &card, history: history, now: now,
        timeZone: .utc,
        makeID: { UUID() })
      history.updates += recorded
    }
    #expect(card.balance == .zero)
    #expect(card.balance.plainString() == "0.00")
    #expect(history.updates.count == 1000)
    #expect(history.updates.last?.balance == .zero)
    #expect(
      throws: MetroError.insufficientFare(
        balance: .zero, needed: .usd("0.10"), count: 1, currency: .usd)
    ) {
      try CardRules.apply(
        [.balance(.swipe(count: 1))], to: &card, history: history, now: now,
        timeZone: .utc,
        makeID: { UUID() })
    }
  }

  @Test("A thousand swipes in one go at 0.10 from 100.00 also leave exactly 0.00")
  func thousandSwipesAtOnce() throws {
    // A MetroCard has no cap: every one of the thousand rides pays 0.10.
    var card = MetroCard(
      name: "default", balance: .usd("100.00"), kind: .metrocard, fareByHand: HandFare(amount: .usd("0.10"), since: nil)
    )
    let (recorded, _) = try CardRules.apply(
      [.balance(.swipe(count: 1000))], to: &card, history: InMemoryHistory(),
      now: instant("2026-11-21T13:15:00Z"), timeZone: .utc, makeID: { UUID() })
    #expect(recorded.count == 1000)
    #expect(card.balance == .zero)
  }

  /// ISO 4217's minor-unit column for a few codes at either end of the
  /// table and each exception to two digits; codes that are not active
  /// currencies with minor units, or not three capital letters, are none.
  @Test(
    "Currencies are looked up by code with their fraction digits",
    arguments: [
      ("AED", 2), ("ZWG", 2), ("USD", 2), ("EUR", 2), ("GBP", 2), ("CAD", 2), ("JPY", 0), ("KRW", 0), ("XPF", 0),
      ("BHD", 3), ("KWD", 3), ("TND", 3), ("CLF", 4), ("UYW", 4),
    ])
  func currencyCodes(_ code: String, _ digits: Int) {
    #expect(Currency(code: code)?.fractionDigits == digits, "\(code)")
  }

  @Test("Codes that are not an active currency with minor units are refused")
  func unknownCurrencyCodes() {
    for code in ["XAU", "XXX", "XDR", "usd", "Usd", "US", "USDD", "", "D2 ", "2 A", "ED2"] {
      #expect(Currency(code: code) == nil, "\(code)")
    }
    let codes = Currency.allCodes
    #expect(codes.count == 166)
    #expect(codes == codes.sorted() && Set(codes).count == codes.count)
    #expect(codes.allSatisfy { $0.utf8.count == 3 && $0.allSatisfy { ("A"..."Z").contains($0) } })
    #expect(codes.allSatisfy { Currency(code: $0)?.code == $0 })
  }
}
