import FoundationEssentials

extension Interchange {
  /// The card attributes of a JSON export's card object; `nil` for a bare
  /// array of updates or an export made before exports carried
  /// `openingBalance`.
  ///
  /// - Throws: ``MetroError/importMalformed(source:line:column:problem:)`` naming the field.
  package static func cardAttributes(
    fromJSON bytes: [UInt8], source: String, currency: Currency
  ) throws(MetroError) -> ImportedCardAttributes? {
    guard let document = try? JSONParser.parse(bytes), case .object = document, document["openingBalance"] != nil
    else { return nil }
    return try cardAttributes(of: document, source: source, currency: currency, card: nil)
  }

  /// The card attributes of one card object; `card` names it in errors
  /// (a card of a backup).
  static func cardAttributes(
    of document: JSONValue, source: String, currency: Currency, card: String?
  ) throws(MetroError) -> ImportedCardAttributes {
    func failure(_ field: String, _ problem: ImportProblem) -> MetroError {
      let position = ImportColumn.cardField(field)
      return .importMalformed(
        source: source, line: 0, column: card.map { .card($0, position) } ?? position, problem: problem)
    }
    func money(_ field: String, minimum: Money) throws(MetroError) -> Money {
      guard case .string(let text)? = document[field], let value = Money.parseCanonical(text, currency: currency),
        value >= minimum, value <= .maximumBalance
      else { throw failure(field, .notAnAmountFrom(minimum: minimum, currency: currency)) }
      return value
    }
    let opening = try money("openingBalance", minimum: .zero)
    let fare = try money("fare", minimum: Money(minorUnits: 1))
    guard fare <= Money.maximumInput(in: currency) else { throw failure("fare", .fareTooLarge) }
    var expiration: CalendarDate?
    switch document["expirationDate"] {
    case nil, .null?: break
    case .string(let text)?:
      guard let date = CalendarDate(iso: text) else {
        throw failure("expirationDate", .notADate)
      }
      expiration = date
    default: throw failure("expirationDate", .notADate)
    }
    var serial: String?
    switch document["serialNumber"] {
    case nil, .null?: break
    case .string(let text)?:
      do { try CardRules.validateText(text, field: .serialNumber) } catch {
        throw failure("serialNumber", .invalidSerialNumber(text))
      }
      serial = text
    default: throw failure("serialNumber", .notAString)
    }
    return ImportedCardAttributes(openingBalance: opening, fare: fare, expirationDate: expiration, serialNumber: serial)
  }
}
