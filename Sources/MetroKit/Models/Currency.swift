/// A currency, identified by its ISO 4217 code, with the number of fraction
/// digits its amounts carry.
public struct Currency: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The ISO 4217 code, such as `USD`.
  public let code: String
  /// How many digits follow the decimal point: 2 for USD, 0 for JPY.
  public let fractionDigits: Int

  /// The United States dollar, the currency of a New York MetroCard.
  public static let usd = Currency(uncheckedCode: "USD", fractionDigits: 2)

  /// Every active ISO 4217 currency that has minor units: its code and
  /// its number of fraction digits (the standard's "minor unit" column),
  /// sorted. Codes without minor units (gold, special drawing rights,
  /// testing codes) are not money a fare is paid in and are left out. Kept
  /// as constant text, read in place: every command reads a currency, and
  /// building a dictionary of these codes was 5% of what `show` ran.
  private static let table: [StaticString] = [
    "AED2 AFN2 ALL2 AMD2 ANG2 AOA2 ARS2 AUD2 AWG2 AZN2 BAM2 BBD2 BDT2 BGN2 BHD3 BIF0 BMD2 BND2",
    "BOB2 BOV2 BRL2 BSD2 BTN2 BWP2 BYN2 BZD2 CAD2 CDF2 CHE2 CHF2 CHW2 CLF4 CLP0 CNY2 COP2 COU2",
    "CRC2 CUP2 CVE2 CZK2 DJF0 DKK2 DOP2 DZD2 EGP2 ERN2 ETB2 EUR2 FJD2 FKP2 GBP2 GEL2 GHS2 GIP2",
    "GMD2 GNF0 GTQ2 GYD2 HKD2 HNL2 HTG2 HUF2 IDR2 ILS2 INR2 IQD3 IRR2 ISK0 JMD2 JOD3 JPY0 KES2",
    "KGS2 KHR2 KMF0 KPW2 KRW0 KWD3 KYD2 KZT2 LAK2 LBP2 LKR2 LRD2 LSL2 LYD3 MAD2 MDL2 MGA2 MKD2",
    "MMK2 MNT2 MOP2 MRU2 MUR2 MVR2 MWK2 MXN2 MXV2 MYR2 MZN2 NAD2 NGN2 NIO2 NOK2 NPR2 NZD2 OMR3",
    "PAB2 PEN2 PGK2 PHP2 PKR2 PLN2 PYG0 QAR2 RON2 RSD2 RUB2 RWF0 SAR2 SBD2 SCR2 SDG2 SEK2 SGD2",
    "SHP2 SLE2 SOS2 SRD2 SSP2 STN2 SVC2 SYP2 SZL2 THB2 TJS2 TMT2 TND3 TOP2 TRY2 TTD2 TWD2 TZS2",
    "UAH2 UGX0 USD2 USN2 UYI0 UYU2 UYW4 UZS2 VED2 VES2 VND0 VUV0 WST2 XAF0 XCD2 XCG2 XOF0 XPF0",
    "YER2 ZAR2 ZMW2 ZWG2",
  ]

  /// The fraction digits of the currency whose code is `code`, from ``table``.
  static func fractionDigits(of code: String) -> Int? {
    guard code.utf8.count == 3 else { return nil }
    var code = code
    return code.withUTF8 { wanted -> Int? in
      for line in table {
        let entries = UnsafeBufferPointer(start: line.utf8Start, count: line.utf8CodeUnitCount)
        for at in stride(from: 0, to: entries.count - 3, by: 5)
        where entries[at] == wanted[0] && entries[at + 1] == wanted[1] && entries[at + 2] == wanted[2] {
          return Int(entries[at + 3] &- UInt8(ascii: "0"))
        }
      }
      return nil
    }
  }

  init(uncheckedCode code: String, fractionDigits: Int) {
    self.code = code
    self.fractionDigits = fractionDigits
  }

  /// Looks up a currency by its ISO 4217 code.
  ///
  /// - Parameter code: An upper-case three-letter ISO 4217 code, such as `JPY`.
  /// - Returns: `nil` when the code is not an active ISO 4217 currency.
  public init?(code: String) {
    guard let digits = Self.fractionDigits(of: code) else { return nil }
    self.init(uncheckedCode: code, fractionDigits: digits)
  }

  /// Every code ``init(code:)`` accepts, sorted: what `card add --currency` lists.
  public static var allCodes: [String] {
    table.flatMap { line in line.description.split(separator: " ").map { String($0.prefix(3)) } }.sorted()
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
