extension Interchange {
  /// Refuses an export whose card keeps its money in another currency than
  /// the card it goes into, as an agency's file in another currency is
  /// refused: its amounts would be read in the wrong unit. Checked on the
  /// card object's `currency`, before any update is read; a bare array of
  /// updates carries none.
  ///
  /// - Throws: ``MetroError/importMalformed(source:line:column:problem:)``
  ///   with ``ImportProblem/historyCurrency(file:card:)``, or
  ///   ``ImportProblem/backupCurrency`` for a code that is no currency.
  package static func checkCurrency(of card: JSONValue, into currency: Currency, source: String) throws(MetroError) {
    guard let value = card["currency"] else { return }
    guard case .string(let code) = value, let found = Currency(code: code) else {
      throw .importMalformed(source: source, line: 0, column: .cardField("currency"), problem: .backupCurrency)
    }
    guard found == currency else {
      throw .importMalformed(
        source: source, line: 0, column: .cardField("currency"), problem: .historyCurrency(file: found, card: currency))
    }
  }
}
