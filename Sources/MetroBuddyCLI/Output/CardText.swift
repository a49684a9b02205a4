import FoundationEssentials
import MetroKit

/// Human text about cards: the card at a glance and its summary lines.
enum CardText {
  /// The card at a glance: the balance first (bold on a terminal; a
  /// contactless card leads with what it has cost instead), then rides left
  /// and where the card stands under its cap, then `hint` (a line for a new
  /// card) when given, then the details in aligned columns.
  ///
  /// ```
  /// $25.00
  /// 8 rides left
  /// This week: $24.00 of $35.00; rides are free after that until Sat 28 Nov 08:14.
  ///
  /// Kind        omny-card
  /// Mode        subway
  /// Fare        $3.00
  /// Expiration  2030-03-20 (in 1215 days)
  /// Serial      0123456789
  /// Card        default
  /// ```
  static func glance(
    _ card: MetroCard, today: CalendarDate, context: Context, hint: String? = nil, belowZero: BelowZeroCause? = nil
  ) -> String {
    let text = context.text
    let style = context.style
    var expiration = text(.notSet)
    if let date = card.expirationDate {
      let days = today.days(until: date)
      let words = text(.expiration(date: text.date(date), days: days))
      expiration = days < 0 ? style.warning(words) : days <= 7 ? style.caution(words) : words
    }
    let rows: [(String, String)] = [
      (text(.labelKind), kind(card, context)),
      (text(.labelMode), text(.modeName(card.mode))),
      (text(.labelFare), fare(card, context)),
      (text(.labelExpiration), expiration),
      (text(.labelSerial), card.serialNumber ?? text(.notSet)),
      (text(.labelCard), card.name),
    ]
    var head: String
    if card.kind.holdsValue {
      let balance = context.money(card.balance, card.currency)
      head = (card.balance < .zero ? style.warning(balance) : style.strong(balance)) + "\n"
      if context.moment.quote(card) == nil {
        // No fare in its mode: no rides to count, and how to set one.
        head += text(.fareNone(mode: card.mode, date: text.date(context.today))) + "\n"
      } else {
        let rides = text(.ridesLeft(context.moment.ridesLeft(card)))
        head += (context.moment.ridesLeft(card) == 0 ? style.warning(rides) : rides) + "\n"
      }
      if card.balance < .zero {
        head +=
          style.warning(text(.belowZero(context.money(-card.balance, card.currency), belowZero ?? .devicesApart)))
          + "\n"
      }
      if let cap = capLine(card, context) { head += cap + "\n" }
      if let express = expressCapLine(card, context) { head += express + "\n" }
      if let forecast = forecastLine(card, context) { head += forecast + "\n" }
    } else {
      let month = text(.monthSpend(context.money(monthSpend(card, context), card.currency)))
      if let cap = capLine(card, context) {
        head = style.strong(cap) + "\n" + month + "\n"
      } else {
        head = style.strong(month) + "\n"
      }
      if let express = expressCapLine(card, context) { head += express + "\n" }
    }
    if let hint { head += hint + "\n" }
    return head + "\n" + table(rows, style: style)
  }

  /// Why a card that holds money is below zero (``BelowZeroCause``), from
  /// its latest updates; `nil` for a card that is not. Only a card below
  /// zero asks the store, for the updates the fold keeps.
  static func belowZeroCause(
    _ card: ObjectReference<MetroCard>, _ context: Context
  ) throws(MetroError) -> BelowZeroCause? {
    guard card.kind.holdsValue, card.balance < .zero else { return nil }
    let latest = try context.store.balanceUpdates(for: card, matching: HistoryQuery(limit: 32)).map(\.snapshot)
    let devices = try (context.store as? DeviceLogStore)?.devices().filter(\.writes).count ?? 1
    return BelowZeroCause.of(card.snapshot, latest: latest, devices: devices)
  }

  /// `omny-card`, or `omny-card, reduced fare`.
  static func kind(_ card: MetroCard, _ context: Context) -> String {
    let kind = context.text(.kindName(card.kind, reduced: card.isReduced))
    // A London card's zones, which its caps are for.
    if card.kind.paysLondonFares, let zones = card.londonZones {
      return kind + ", " + context.text(.kindLondonZones(zones.text))
    }
    // A custom card's own zone; an agency's kind says its zone by its name.
    guard card.kind.agencyZone == nil, let zone = card.zone else { return kind }
    return kind + ", " + context.text(.kindZone(zone.name))
  }

  /// The fare of the next ride in the card's mode, or a word saying there is none.
  static func fare(_ card: MetroCard, _ context: Context) -> String {
    guard let quote = context.moment.quote(card) else { return context.text(.noFareNow) }
    return context.money(quote.amount, card.currency)
  }

  /// `$3.00, the standard subway and local bus fare since 4 Jan 2026`, or `$2.50, set by hand`.
  static func fareSentence(_ card: MetroCard, _ context: Context) -> String {
    let text = context.text
    guard let quote = context.moment.quote(card) else {
      return text(.fareNone(mode: card.mode, date: text.date(context.today)))
    }
    let amount = context.money(quote.amount, card.currency)
    switch quote.source {
    case .standard(let since):
      return text(.fareStandard(amount: amount, mode: card.mode, reduced: card.isReduced, since: text.shortDate(since)))
    case .byHand(let since):
      let day = since.map { text.shortDate(context.environment.timeZone.calendarDate(of: $0)) }
      return text(.fareByHand(amount: amount, since: day))
    }
  }

  /// Where the card stands under its cap now, or `nil` when it has none:
  /// `This week: $24.00 of $35.00; rides are free after that until Sat 28 Nov 08:14.`
  static func capLine(_ card: MetroCard, _ context: Context) -> String? {
    let moment = context.moment
    guard let standing = card.capStanding(at: moment.now, in: moment.timeZone),
      let period = card.rules(at: moment.now, in: moment.timeZone).localCap?.period
    else { return nil }
    if let rides = standing.rides {
      guard let end = standing.periodEnd else { return context.text(.rideCapNotStarted(limit: rides.limit)) }
      return context.text(
        .rideCapStanding(
          paid: rides.paid, limit: rides.limit, until: context.text.weekdayTime(end, in: moment.timeZone)))
    }
    let limit = context.money(standing.limit, card.currency)
    guard let end = standing.periodEnd else { return context.text(.capNotStarted(limit: limit, period: period)) }
    return context.text(
      .capStanding(
        period: period, paid: context.money(standing.paid, card.currency), limit: limit, free: standing.isFree,
        until: context.text.weekdayTime(end, in: moment.timeZone)))
  }

  /// Where the card stands under its express cap when that applies (an
  /// express ride opened a period still running), or `nil`:
  /// `This week, express: $14.50 of $67.00; express rides are free after that until Sat 28 Nov 08:14.`
  static func expressCapLine(_ card: MetroCard, _ context: Context) -> String? {
    let moment = context.moment
    guard let standing = card.expressCapStanding(at: moment.now, in: moment.timeZone), let end = standing.periodEnd,
      let period = card.rules(at: moment.now, in: moment.timeZone).cap(in: .express)?.period
    else { return nil }
    return context.text(
      .expressCapStanding(
        period: period, paid: context.money(standing.paid, card.currency),
        limit: context.money(standing.limit, card.currency), free: standing.isFree,
        until: context.text.weekdayTime(end, in: moment.timeZone)))
  }

  /// When the balance runs out at the rider's pace, or `nil` without a pace:
  /// `At your pace, 14 rides a week, the balance lasts until Tue 8 Dec.`
  static func forecastLine(_ card: MetroCard, _ context: Context) -> String? {
    let forecast = card.forecast(at: context.moment.now, in: context.moment.timeZone)
    guard let pace = forecast.pace?.tenthsPerWeek else { return nil }
    if let day = forecast.lastsBeyond {
      return context.text(.lastsBeyond(tenths: pace, day: context.text.weekdayDate(day, today: context.today)))
    }
    guard let day = forecast.runsOutOn else { return nil }
    let today = context.today
    if day <= today { return context.text(.runsOutToday(tenths: pace)) }
    return context.text(.lastsUntil(tenths: pace, day: context.text.weekdayDate(day, today: today)))
  }

  /// What a contactless card has cost in the month of now (zero when its
  /// latest ride was in another month).
  static func monthSpend(_ card: MetroCard, _ context: Context) -> Money {
    let today = context.today
    guard let month = card.fareState.month, month.year == today.year, month.month == today.month else { return .zero }
    return month.spent
  }

  /// What a confirmation says after the change: the balance and rides left,
  /// or for a contactless card where it stands under its cap and the month's
  /// spend. After rides backdated into an earlier cap period, that period
  /// (`backdated`) is described, not the current one.
  static func standing(_ card: MetroCard, _ context: Context, backdated: CapStanding? = nil) -> String {
    let then = backdated.flatMap { standingThen($0, card, context) }
    guard !card.kind.holdsValue else { return balanceLine(card, context) + (then.map { " " + $0 } ?? "") }
    let month = context.text(.monthSpend(context.money(monthSpend(card, context), card.currency)))
    return ((then ?? capLine(card, context)).map { $0 + " " } ?? "") + month
  }

  /// `That week (Mon 2 Nov 08:14 to Mon 9 Nov 08:14): $6.00 of $35.00.`
  static func standingThen(_ standing: CapStanding, _ card: MetroCard, _ context: Context) -> String? {
    let moment = context.moment
    guard let start = standing.periodStart, let end = standing.periodEnd,
      let period = card.rules(at: start, in: moment.timeZone).localCap?.period
    else { return nil }
    return context.text(
      .capStandingThen(
        period: period, paid: context.money(standing.paid, card.currency),
        limit: context.money(standing.limit, card.currency), free: standing.isFree,
        from: context.text.weekdayTime(start, in: moment.timeZone),
        until: context.text.weekdayTime(end, in: moment.timeZone)))
  }

  /// Why rides cost what they did, when not every one paid its full fare:
  /// `free transfer`, `1 reached the cap, 2 capped`; `nil` for plain paid rides.
  static func reasons(_ rides: [BalanceUpdate], _ card: MetroCard, _ context: Context) -> String? {
    let recorded = rides.compactMap(RecordedRide.init)
    guard recorded.contains(where: { $0.reason != .paid }) else { return nil }
    if recorded.count == 1, let ride = recorded.first {
      return context.text(.rideWhy(ride.reason, free: ride.charge == .zero))
    }
    let counts = RideReason.allCases.compactMap { reason -> String? in
      let count = recorded.filter { $0.reason == reason }.count
      return count == 0 ? nil : context.text(.rideCount(reason, count))
    }
    return counts.joined(separator: ", ")
  }

  /// `Balance: $22.25, 8 rides left.`
  static func balanceLine(_ card: MetroCard, _ context: Context) -> String {
    context.text(
      .balanceLine(balance: context.money(card.balance, card.currency), rides: context.moment.ridesLeft(card)))
  }

  /// The balance column of `cards` and `history`: the balance, or for a
  /// contactless card what it has cost (its balance is minus that).
  static func balanceColumn(_ balance: Money, _ card: MetroCard, _ text: Localizer) -> String {
    text.money(shown(balance, for: card), card.currency)
  }

  /// Money of a card as every output shows it (text, `--json`, the prompt):
  /// a stored-value card's balance and changes to it as they are; for a
  /// contactless card, which holds no money, what it has cost and what each
  /// change added to that, so a ride is +3.00 and the total spend positive
  /// (its stored balance is minus that).
  static func shown(_ amount: Money, for card: MetroCard) -> Money {
    card.kind.holdsValue ? amount : -amount
  }

  /// Label-value rows with the values aligned.
  static func table(_ rows: [(String, String)], style: Style = .plain) -> String {
    let width = rows.map(\.0.count).max() ?? 0
    // Appended row by row: `joined()` on the rows runs the standard library's
    // unspecialised generic join, whose first call costs a scan of every
    // conformance record of the binary.
    var text = ""
    for (label, value) in rows { text += style.label(label.padding(to: width + 2)) + value + "\n" }
    return text
  }
}

extension String {
  /// The string with spaces added on the right up to `width` characters.
  func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }

  /// The string with spaces added on the left up to `width` characters.
  func leftPadding(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
