/// A currency, identified by its ISO 4217 code, with the number of fraction
/// digits its amounts carry.
public struct Currency: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The ISO 4217 code, such as `USD`.
  public let code: String
  /// How many digits follow the decimal point: 2 for USD, 0 for JPY.
  public let fractionDigits: Int

  /// The United States dollar, the currency of a New York MetroCard.
  public static let usd = Currency(uncheckedCode: "USD", fractionDigits: 2)

  /// The currencies metrobuddy knows how to format, by code.
  static let known: [String: Int] = [
    "USD": 2, "CAD": 2, "EUR": 2, "GBP": 2, "CHF": 2, "AUD": 2, "MXN": 2,
    "JPY": 0, "KRW": 0,
  ]

  init(uncheckedCode code: String, fractionDigits: Int) {
    self.code = code
    self.fractionDigits = fractionDigits
  }

  /// Looks up a currency by its ISO 4217 code.
  ///
  /// - Parameter code: An upper-case three-letter code metrobuddy knows.
  /// - Returns: `nil` when the code is not one of the known currencies.
  public init?(code: String) {
    guard let digits = Self.known[code] else { return nil }
    self.init(uncheckedCode: code, fractionDigits: digits)
  }

  /// The symbol used in human output, or `nil` to write the code after the amount.
  var symbol: String? {
    switch code {
    case "USD", "CAD", "AUD", "MXN": "$"
    case "EUR": "€"
    case "GBP": "£"
    case "JPY": "¥"
    default: nil
    }
  }

  /// The value of one major unit in minor units: 100 for USD.
  var minorUnitsPerMajor: Int64 {
    var result: Int64 = 1
    for _ in 0..<fractionDigits { result *= 10 }
    return result
  }

  public var description: String { code }

  // MARK: - Codable as the bare code

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let code = try container.decode(String.self)
    guard let currency = Currency(code: code) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "Unknown currency code '\(code)'.")
    }
    self = currency
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(code)
  }
}
