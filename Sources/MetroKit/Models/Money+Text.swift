// MARK: - Parsing

extension Money {
  /// Parses an AMOUNT as a person types it: plain ASCII digits, an optional
  /// point, and at most as many fraction digits as the currency has.
  ///
  /// `20`, `20.5` and `20.50` are accepted; `20abc`, `2,75`, `$20`, `-5`,
  /// `+5`, `1e3`, `NaN`, `20.505`, the empty string, spaces and non-ASCII
  /// digits are not. Amounts above ``maximumInput(in:)`` are refused.
  ///
  /// - Parameters:
  ///   - text: The text to parse.
  ///   - currency: The currency whose fraction digits apply.
  /// - Returns: The amount, never negative.
  /// - Throws: ``AmountError`` saying what was wrong.
  public static func parse(_ text: String, currency: Currency = .usd) throws(AmountError) -> Money {
    let value = try parseDigits(Array(text.utf8), currency: currency, text: text)
    guard value <= maximumInput(in: currency) else {
      throw AmountError(text: text, reason: .tooLarge(maximum: maximumInput(in: currency).plainString(in: currency)))
    }
    return value
  }

  /// Parses a signed amount as stored and exported: an optional `-`, digits,
  /// and, when the currency has fraction digits, a point and exactly that many.
  ///
  /// - Parameters:
  ///   - text: Text such as `-2.75` or `25.00`.
  ///   - currency: The currency whose fraction digits apply.
  /// - Returns: `nil` unless `text` is exactly in that form.
  public static func parseCanonical(_ text: some StringProtocol, currency: Currency = .usd) -> Money? {
    var bytes = Array(text.utf8)
    var negative = false
    if bytes.first == UInt8(ascii: "-") {
      negative = true
      bytes.removeFirst()
    }
    if currency.fractionDigits > 0 {
      guard bytes.count > currency.fractionDigits + 1,
        bytes[bytes.count - currency.fractionDigits - 1] == UInt8(ascii: ".")
      else { return nil }
    }
    guard let value = try? parseDigits(bytes, currency: currency, text: String(text)),
      value <= maximumBalance
    else { return nil }
    return negative ? -value : value
  }

  private static func parseDigits(_ bytes: [UInt8], currency: Currency, text: String) throws(AmountError) -> Money {
    guard !bytes.isEmpty else { throw AmountError(text: text, reason: .empty) }
    var whole: Int64 = 0
    var fraction: Int64 = 0
    var fractionCount = 0
    var wholeCount = 0
    var significantCount = 0
    var seenPoint = false
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        let digit = Int64(byte - UInt8(ascii: "0"))
        if seenPoint {
          fractionCount += 1
          guard fractionCount <= currency.fractionDigits else {
            throw AmountError(text: text, reason: .tooManyFractionDigits(allowed: currency.fractionDigits))
          }
          fraction = fraction * 10 + digit
        } else {
          wholeCount += 1
          // Leading zeros add nothing (`007.50` is 7.50); 13 significant digits
          // already exceed any balance: stop before Int64 could overflow.
          if whole > 0 || digit > 0 { significantCount += 1 }
          guard significantCount <= 13 else {
            throw AmountError(
              text: text, reason: .tooLarge(maximum: maximumInput(in: currency).plainString(in: currency)))
          }
          whole = whole * 10 + digit
        }
      case UInt8(ascii: "."):
        guard !seenPoint, currency.fractionDigits > 0 else {
          throw AmountError(text: text, reason: .notANumber)
        }
        seenPoint = true
      case UInt8(ascii: "-"):
        throw AmountError(text: text, reason: .negative)
      default:
        throw AmountError(text: text, reason: .notANumber)
      }
    }
    guard wholeCount > 0, !seenPoint || fractionCount > 0 else {
      throw AmountError(text: text, reason: .notANumber)
    }
    for _ in fractionCount..<currency.fractionDigits { fraction *= 10 }
    return Money(minorUnits: whole * currency.minorUnitsPerMajor + fraction)
  }
}

// MARK: - Printing

extension Money {
  /// The amount as plain digits with exactly the currency's fraction digits:
  /// `25.00`, `-2.75`. This is the form used in JSON, CSV and the store.
  ///
  /// - Parameter currency: The currency whose fraction digits apply.
  public func plainString(in currency: Currency = .usd) -> String {
    digits(in: currency, grouping: nil, decimalMark: UInt8(ascii: "."), signed: true)
  }

  /// The amount for people: `$25.00`, `-$2.75`, or `25.00 CHF` for a currency
  /// without a symbol; whole units are grouped by thousands (`$1,250.00`).
  ///
  /// - Parameter currency: The currency to format in.
  public func formatted(in currency: Currency = .usd) -> String {
    let grouped = digits(in: currency, grouping: UInt8(ascii: ","), decimalMark: UInt8(ascii: "."), signed: false)
    let sign = minorUnits < 0 ? "-" : ""
    if let symbol = currency.symbol { return sign + symbol + grouped }
    return sign + grouped + " " + currency.code
  }

  /// The amount's digits with the currency's fraction digits after
  /// `decimalMark`, whole units grouped by thousands with `grouping` when it
  /// is given (`1.250,00` with `.` and `,`), and a leading `-` for a negative
  /// amount when `signed`. Written in ASCII bytes: no character is broken
  /// into graphemes on the way.
  ///
  /// - Parameters:
  ///   - currency: The currency whose fraction digits apply.
  ///   - grouping: The thousands separator, or `nil` for none.
  ///   - decimalMark: The mark before the fraction digits.
  ///   - signed: Whether a negative amount starts with `-`.
  public func digits(in currency: Currency, grouping: UInt8?, decimalMark: UInt8, signed: Bool) -> String {
    let magnitude = minorUnits.magnitude
    let per = UInt64(currency.minorUnitsPerMajor)
    var whole = magnitude / per
    // 20 digits of a UInt64, 6 separators, a sign, a mark and the fraction
    // digits, written from the end on the stack (an amount of a history's
    // `--json` is three a row: no array each, and a short string is kept
    // in place).
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32 + currency.fractionDigits) { buffer in
      var start = buffer.count
      func put(_ byte: UInt8) {
        start -= 1
        buffer[start] = byte
      }
      if currency.fractionDigits > 0 {
        var fraction = magnitude % per
        for _ in 0..<currency.fractionDigits {
          put(UInt8(ascii: "0") + UInt8(fraction % 10))
          fraction /= 10
        }
        put(decimalMark)
      }
      var count = 0
      repeat {
        if count > 0, count % 3 == 0, let grouping { put(grouping) }
        put(UInt8(ascii: "0") + UInt8(whole % 10))
        whole /= 10
        count += 1
      } while whole > 0
      if signed, minorUnits < 0 { put(UInt8(ascii: "-")) }
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[start...]), as: UTF8.self)
    }
  }
}

/// Why a piece of text is not an amount.
public struct AmountError: Error, Sendable, Equatable {
  /// What the person typed.
  public var text: String
  /// What was wrong with it.
  public var reason: Reason

  /// The ways an amount can be malformed.
  public enum Reason: Sendable, Equatable {
    /// Nothing was given.
    case empty
    /// Something other than digits and one point.
    case notANumber
    /// A minus sign: amounts are positive; the command says which way money moves.
    case negative
    /// More digits after the point than the currency has.
    case tooManyFractionDigits(allowed: Int)
    /// Above the largest amount, which is given as text.
    case tooLarge(maximum: String)
  }
}
