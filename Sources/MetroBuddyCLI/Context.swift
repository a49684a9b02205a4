import MetroKit

/// What a command works with: its options, the store, the time and the language.
struct Context {
  let environment: Environment
  let options: GlobalOptions
  let store: any MetroCardDataStore
  /// The store, when it can check its own files.
  let verifying: (any StoreVerifying)?
  let clock: Clock
  /// Renders messages, money and dates in the person's language.
  let text: Localizer
  /// Styles text for the terminal, or not at all.
  var style = Style.plain

  /// Today, as a local calendar day.
  var today: CalendarDate { environment.timeZone.calendarDate(of: clock.now()) }

  /// Money in the person's language.
  func money(_ amount: Money, _ currency: Currency) -> String { text.money(amount, currency) }

  /// Records `updates` on the selected card, which the store chooses inside
  /// its transaction: one read of the store for the whole change.
  func apply(_ updates: [MetroCardUpdate]) throws(MetroError) -> UpdateResult {
    try store.apply(updates, toCardNamed: options.cardName)
  }

  /// The card named by `--card` or `METROBUDDY_CARD`, else the default card.
  func selectedCard() throws(MetroError) -> ObjectReference<MetroCard> {
    if let name = options.cardName { return try store.card(named: name) }
    return try store.currentCard()
  }
}
