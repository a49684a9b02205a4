import MetroKit

/// How `check` and `verify` say that a cap period was charged more than its cap.
enum CapOverrunText {
  /// `That week (Mon 16 Nov 08:00 to Mon 23 Nov 08:00) was charged $42.00, $7.00 over its cap of $35.00: …`,
  /// the period's times read in `zone` (the agency's).
  static func sentence(
    _ overrun: CapOverrun, _ period: CapPeriod, _ currency: Currency, _ zone: LocalTimeZone, _ context: Context
  ) -> String {
    context.text(
      .fares(
        .capOverrun(
          period: period, paid: context.money(overrun.paid, currency),
          limit: context.money(overrun.limit, currency), over: context.money(overrun.over, currency),
          from: context.text.weekdayTime(overrun.start, in: zone),
          until: context.text.weekdayTime(overrun.end, in: zone))))
  }

  /// `verify`'s line: the card, then the sentence.
  static func line(_ found: CardCapOverrun, _ context: Context) -> String {
    context.text(.fares(.faresOfCard(TerminalText.message(found.card)))) + " "
      + sentence(found.overrun, found.period, found.currency, found.timeZone, context)
  }

  /// The numbers behind the sentence, never in words: the period (UTC) and the money.
  static func members(_ overrun: CapOverrun, _ currency: Currency) -> [(String, JSONValue)] {
    [
      ("periodStart", .string(Timestamp.iso8601(overrun.start))),
      ("periodEnd", .string(Timestamp.iso8601(overrun.end))),
      ("charged", .string(overrun.paid.plainString(in: currency))),
      ("cap", .string(overrun.limit.plainString(in: currency))),
      ("over", .string(overrun.over.plainString(in: currency))),
    ]
  }

  /// `verify --json`'s entry for one.
  static func json(_ found: CardCapOverrun, _ context: Context) -> JSONValue {
    .object(
      [("card", .string(found.card))] + members(found.overrun, found.currency) + [
        ("detail", .string(sentence(found.overrun, found.period, found.currency, found.timeZone, context)))
      ])
  }
}
